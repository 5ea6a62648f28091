import { GenLimits } from '@quire/shared';
import { newId } from '../../lib/ids.ts';
import { checkTemplate, TemplateError } from '../gen/gen-render.ts';
import { templateKeys } from './torna-content.repository.ts';
import { insertRows } from './torna-import.repository.ts';
import { id, text, time } from './torna-rows.ts';
import type { ImportRun } from './torna-run.ts';
import { bringOnce } from './torna-steps.ts';
import { velocityToLiquid } from './torna-velocity.ts';
import { note, renderTorna } from './torna-messages.ts';

/*
 * Torna's code templates (`gen_template`, Velocity) as Quire's (Liquid, modules/gen). A template the translator
 * (torna-velocity.ts) handles comes ready to use; one it cannot comes with its Velocity text, disabled
 * (`disabled_note` says why; rendering it is refused until someone saves a Liquid rewrite).
 */

/** Torna's default group as its UI shows it. */
const TORNA_DEFAULT_GROUP = 'Default';

export async function importTemplates(run: ImportRun): Promise<void> {
  const taken = await templateKeys(run.db);
  for (const row of run.rows('gen_template')) {
    await bringOnce(run, 'gen_template', 'template', row, async () => {
      const groupName = (text(row, 'group_name').trim() || TORNA_DEFAULT_GROUP).slice(
        0,
        GenLimits.groupNameMax,
      );
      const source = text(row, 'content').slice(0, GenLimits.contentMax);
      let name = text(row, 'name').trim().slice(0, GenLimits.nameMax) || `#${id(row)}`;
      if (taken.has(`${groupName}\n${name}`)) {
        const suffix = ` (Torna #${id(row)})`;
        const renamed = `${name.slice(0, GenLimits.nameMax - suffix.length)}${suffix}`;
        run.note(note('note.template_renamed', id(row), name, groupName, renamed));
        name = renamed;
      }
      taken.add(`${groupName}\n${name}`);
      const translated = velocityToLiquid(source);
      let content = source;
      // The template's own note is English (modules/gen shows it as stored); the report's note is a message.
      let disabledNote = '';
      if (translated.ok) {
        try {
          checkTemplate(translated.liquid);
          content = translated.liquid;
        } catch (error) {
          if (!(error instanceof TemplateError)) throw error;
          disabledNote = `Velocity from Torna, to rewrite in Liquid: the translation does not parse (${error.reason})`;
          // Counted as added (it is there, to rewrite); the note names it.
          run.note(note('note.template_unparsed', groupName, name, error.reason));
        }
      } else {
        disabledNote = `Velocity from Torna, to rewrite in Liquid: ${translated.reasons.map((r) => renderTorna(r)).join('; ')}`;
        run.note(note('note.template_disabled', groupName, name, translated.reasons));
      }
      const quireId = newId();
      const createdAt = time(row, 'gmt_create', run.now);
      await insertRows(run.db, 'genTemplates', [
        {
          id: quireId,
          groupName,
          name,
          content,
          orderIndex: 0,
          disabledNote: disabledNote.slice(0, 1000),
          createdBy: run.owner,
          createdAt,
          updatedAt: time(row, 'gmt_modified', createdAt),
        },
      ]);
      return quireId;
    });
  }
}
