/** The task service client as its users see it, each asking only for the calls it makes. */
import type { Profile, Task } from "./responses.js";

/** Background reads (the reconciler) yield the key's budget to task creation, uploads and user actions. */
export type ReadPriority = "foreground" | "background";

export interface TaskReader {
  getTask(apiKey: string, id: number, options?: { priority?: ReadPriority }): Promise<Task>;
}

export interface TaskLister {
  listTasks(
    apiKey: string,
    page: { limit: number; offset: number },
    options?: { priority?: ReadPriority },
  ): Promise<Task[]>;
}

export interface TasksServicePort extends TaskReader, TaskLister {
  me(apiKey: string): Promise<Profile>;
}
