/** A translator bound to one locale: a Fluent message key and its variables in, the user's words out. */
export type Translate = (key: string, variables?: Record<string, string | number>) => string;
