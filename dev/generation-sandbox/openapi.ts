/**
 * The machine-readable description served at `/v1/openapi.json`, kept to what the spec says of it: every
 * operation, its parameters, the 422 framework body, and free-form JSON object bodies for the generation and
 * delete operations. Like the real one, it lists 200 as the success code of the create operations, where the
 * reference (and the sandbox) answer 202.
 */

const ERROR = { $ref: "#/components/schemas/Error" };
const json = (schema: object) => ({ "application/json": { schema } });
const FREE_FORM = { type: "object", additionalProperties: true };

function responses(success: string, description: string, errors: string[]) {
  return {
    [success]: { description },
    ...Object.fromEntries(errors.map((status) => [status, { description: "Error", content: json(ERROR) }])),
    "422": {
      description: "Validation Error",
      content: json({ $ref: "#/components/schemas/HTTPValidationError" }),
    },
  };
}

const query = (name: string, schema: object) => ({ name, in: "query", required: false, schema });
const path = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const idempotencyKey = { name: "Idempotency-Key", in: "header", required: false, schema: { type: "string" } };

const createOperation = (summary: string) => ({
  summary,
  parameters: [idempotencyKey],
  requestBody: { required: true, content: json(FREE_FORM) },
  responses: responses("200", "Batch", ["400", "401", "402", "403", "404", "413", "429", "503"]),
});

export const OPENAPI_DESCRIPTION = {
  openapi: "3.1.0",
  info: { title: "Image and Video Generation Service", version: "v1 (beta)" },
  components: {
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer" },
      apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
    },
    schemas: {
      Error: {
        type: "object",
        properties: {
          error: {
            type: "object",
            properties: {
              type: { type: "string" },
              code: { type: "string" },
              message: { type: "string" },
              param: { type: ["string", "null"] },
            },
          },
        },
      },
      HTTPValidationError: {
        type: "object",
        properties: {
          detail: {
            type: "array",
            items: {
              type: "object",
              required: ["loc", "msg", "type"],
              properties: {
                loc: { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
                msg: { type: "string" },
                type: { type: "string" },
                input: {},
                ctx: { type: "object" },
              },
            },
          },
        },
      },
    },
  },
  security: [{ bearer: [] }, { apiKey: [] }],
  paths: {
    "/v1/models": {
      get: { summary: "Model catalog", security: [], responses: { "200": { description: "Catalog" } } },
    },
    "/v1/account": { get: { summary: "Account", responses: responses("200", "Account", ["401", "403"]) } },
    "/v1/images/generations": { post: createOperation("Create image generations") },
    "/v1/videos/generations": { post: createOperation("Create video generations") },
    "/v1/generations": {
      get: {
        summary: "List generations",
        parameters: [
          query("status", {
            type: "string",
            enum: ["", "queued", "running", "succeeded", "failed"],
            default: "",
          }),
          query("type", { type: "string", enum: ["", "image", "video"], default: "" }),
          query("limit", { type: "integer", minimum: 1, maximum: 100, default: 20 }),
          query("starting_after", { type: "string", default: "" }),
        ],
        responses: responses("200", "List page", ["400", "401", "403"]),
      },
    },
    "/v1/generations/{gen_id}": {
      get: {
        summary: "Get a generation",
        parameters: [path("gen_id")],
        responses: responses("200", "Generation", ["401", "403", "404"]),
      },
      delete: {
        summary: "Delete a generation",
        parameters: [path("gen_id")],
        responses: responses("200", "Deleted", ["400", "401", "403", "404", "409"]),
      },
    },
    "/v1/generations/{gen_id}/cancel": {
      post: {
        summary: "Cancel a queued generation",
        parameters: [path("gen_id"), idempotencyKey],
        responses: responses("200", "Generation", ["401", "403", "404", "409"]),
      },
    },
    "/v1/generations/delete": {
      post: {
        summary: "Bulk delete",
        parameters: [idempotencyKey],
        requestBody: { required: false, content: json(FREE_FORM) },
        responses: responses("200", "Delete result", ["400", "401", "403"]),
      },
    },
    "/v1/files": {
      post: {
        summary: "Upload a file (raw bytes)",
        parameters: [
          query("kind", { type: "string", enum: ["image", "video", "audio"], default: "image" }),
          { name: "X-Filename", in: "header", required: false, schema: { type: "string" } },
          idempotencyKey,
        ],
        requestBody: {
          required: true,
          content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        },
        responses: responses("200", "File", ["401", "403", "413", "415"]),
      },
    },
    "/v1/files/{file_id}/content": {
      get: {
        summary: "File content (bearer key or signed link)",
        security: [{ bearer: [] }, { apiKey: [] }, {}],
        parameters: [
          path("file_id"),
          query("kind", { type: "string", default: "file" }),
          query("u", { type: "string" }),
          query("exp", { type: "integer" }),
          query("sig", { type: "string" }),
        ],
        responses: responses("200", "The file's bytes", ["401", "403", "404"]),
      },
    },
  },
} as const;
