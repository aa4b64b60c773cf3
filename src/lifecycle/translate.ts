/** Words for jobs that run outside any update: in the locale the task or batch was created in. */
import type { Translate } from "../i18n/translate.js";

export interface MessageSource {
  t(locale: string, key: string, variables?: Record<string, string | number>): string;
}

export function translatorFor(messages: MessageSource): (locale: string) => Translate {
  return (locale) => (key, variables) => messages.t(locale, key, variables);
}
