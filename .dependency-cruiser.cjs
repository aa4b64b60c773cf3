/**
 * The layers of src/ (docs/architecture.md): each folder imports only from the folders listed for it,
 * all of them below it, so neither an upward import nor a cycle of folders can appear; a cycle of
 * files is refused on its own. Type-only imports count.
 */
const folder = (name) => `^src/${name}/`;
const base = ["^src/config\\.ts$", "^src/logger\\.ts$", "^src/metrics\\.ts$"];
const storage = [folder("storage"), ...base];
const jobs = [folder("jobs"), ...storage];
const i18n = [folder("i18n")];
const telegram = [folder("telegram"), ...i18n, ...jobs];
const httpClient = [folder("http-client")];
const tasksService = [folder("tasks-service"), ...httpClient, ...storage];
const generationService = [folder("generation-service"), ...httpClient, ...storage];
const services = [
  folder("media"),
  folder("accounts"),
  folder("catalog"),
  ...tasksService,
  ...generationService,
  ...telegram,
];
/** What both lifecycles share: tickets, periodic work, chat delivery, hook URLs, translate for jobs. */
const lifecycleKit = [folder("lifecycle"), ...services];
const updates = [folder("updates"), ...storage];
const lifecycles = [folder("tasks"), folder("generations"), ...updates, ...lifecycleKit];

/** Which folders each folder may import from, besides itself. */
const allowed = {
  http: lifecycles,
  bot: lifecycles,
  tasks: lifecycleKit,
  generations: lifecycleKit,
  lifecycle: services,
  media: [...tasksService, ...telegram],
  accounts: storage,
  catalog: [...i18n, ...base],
  "tasks-service": [...httpClient, ...storage],
  "generation-service": [...httpClient, ...storage],
  "http-client": [],
  telegram,
  i18n: [],
  jobs: storage,
  updates: storage,
  storage: base,
};

module.exports = {
  forbidden: [
    ...Object.entries(allowed).map(([name, targets]) => ({
      name: `layers-${name}`,
      comment: `src/${name} imports only from the layers below it`,
      severity: "error",
      from: { path: folder(name) },
      to: { path: "^src/", pathNot: [folder(name), ...targets] },
    })),
    {
      name: "form-engine-knows-no-product",
      comment: "src/bot/forms is the form engine both products use: it imports neither product's folder",
      severity: "error",
      from: { path: "^src/bot/forms/" },
      to: { path: "^src/bot/(tasks|generations)/" },
    },
    {
      name: "layers-base",
      comment: "config, logger and metrics import nothing else of the program",
      severity: "error",
      from: { path: base },
      to: { path: "^src/", pathNot: base },
    },
    {
      name: "no-circular",
      comment: "no cycle of files, type-only imports included",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-dev-in-production",
      comment: "production never loads the development stack",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/app\\.ts$" },
      to: { path: "^dev/" },
    },
    {
      name: "playground-by-dynamic-import-only",
      comment: "the playground's one way in is a dynamic import in the composition root",
      severity: "error",
      from: { path: "^src/app\\.ts$" },
      to: { path: "^dev/", dependencyTypesNot: ["dynamic-import"] },
    },
    {
      name: "sandboxes-read-the-spec-not-the-bot",
      comment: "the service sandboxes check requests from the spec, never with the bot's own code",
      severity: "error",
      from: { path: "^dev/(tasks|generation)-sandbox/" },
      to: { path: "^src/" },
    },
    {
      name: "unit-tests-leave-the-bot-out",
      comment: "a unit test of code outside the bot loads no bot, not even through a rig of test/support",
      severity: "error",
      from: { path: "^test/unit/" },
      to: { path: "^src/(bot/|app\\.ts$)", reachable: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
