import type { TornaNote, TornaText } from '@quire/shared';
import { builtinResources, format, type Translation } from '@quire/shared/i18n';
import { tornaText } from '@quire/shared';

/*
 * The report's reasons and notes as keys of the `tornaReport` language pack (packages/shared/src/i18n/en/torna.ts)
 * with their arguments, so the page shows them in the reader's language; the command renders them in English
 * (`renderTorna`). The keys are typed from the English pack: a reason or note without its text does not compile.
 */

type Pack = Translation['tornaReport'];
type KeyOf<G extends keyof Pack> = `${G & string}.${keyof Pack[G] & string}`;
export type ReasonKey = KeyOf<'reason'>;
export type NoteKey = KeyOf<'note'>;
export type SubjectKey = KeyOf<'subject'>;
export type VelocityKey = KeyOf<'velocity'>;

type Arg = string | number;

/** Why rows were left out. */
export const reason = (key: ReasonKey, ...args: Arg[]): TornaText => ({ key, args: args.map(String) });

/** What a note is about (a doc, an environment, a composed project). */
export const subject = (key: SubjectKey, ...args: Arg[]): TornaText => ({ key, args: args.map(String) });

/** Why a Velocity template has no Liquid form (torna-velocity.ts). */
export const velocityReason = (key: VelocityKey, ...args: Arg[]): TornaText => ({
  key,
  args: args.map(String),
});

/** A note of the report; an argument may be a message itself (a subject) or messages (velocity reasons). */
export const note = (key: NoteKey, ...args: Array<Arg | TornaText | TornaText[]>): TornaNote => ({
  key,
  args: args.map((arg) => (typeof arg === 'number' ? String(arg) : arg)),
});

/** The same message twice is the same reason: reasons are counted by this key. */
export const messageKey = (message: TornaText): string => JSON.stringify([message.key, message.args]);

function textOf(lang: string, key: string): string | undefined {
  const [group = '', name = ''] = key.split('.', 2);
  const pack = (builtinResources[lang] ?? builtinResources.en)?.tornaReport as
    | Record<string, Record<string, string> | undefined>
    | undefined;
  return pack?.[group]?.[name];
}

/** A reason or note as text in a built-in language (English for the command line). */
export function renderTorna(message: TornaNote, lang = 'en'): string {
  return tornaText(
    message,
    (key, args) => format(textOf(lang, key) ?? textOf('en', key) ?? key, args),
    lang === 'zh-CN' ? '；' : '; ',
  );
}
