import { shiftChannels, type ShiftReportInput } from '../common/ipc.js';
import { ShiftReport, tallyShift, type ShiftOutboxLine } from '../common/report.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { appError, englishWords, wordsFor } from '../../../electron/core/words.js';
import { NoteStore } from './note-store.js';
import { shiftReportPdf } from './report-pdf.js';
import { documentTime } from '../../../electron/core/pdf/a4.js';
import { shiftSummaryLabel } from '../common/summary-label.js';
import { said } from '../../../shared/errors.js';

/**
 * The end of a shift: a report made from the desk's journal (what the service answered done, per
 * clerk) and its outbox (what still waits), as the page shows it and as a PDF with the clerk's
 * handover note. It asks the service nothing, so it is made offline as well as on.
 */
export const shiftArea = defineCoreArea({
  id: 'shift',
  channels: shiftChannels,
  needs: ['journal', 'outbox', 'clock', 'environmentId', 'dataDir', 'log', 'labelPrinter'],
  create: (ctx) => {
    const notes = new NoteStore(ctx.dataDir, ctx.log);
    const report = async (input: ShiftReportInput): Promise<ShiftReport> => {
      const from = new Date(input.from);
      const to = new Date(input.to);
      if (!(from.getTime() < to.getTime())) throw appError('invalid_input', 'errors.shift.period');
      const entries = ctx.journal.range(from, to).filter((e) => input.clerkId === undefined || (e.clerk?.id ?? null) === input.clerkId);
      const { clerks, total } = tallyShift(entries, ctx.environmentId());
      const outbox: ShiftOutboxLine[] = [];
      for (const entry of await ctx.outbox.list()) {
        if (entry.state === 'sent') continue;
        outbox.push({ referenceId: entry.referenceId, state: entry.state, unitCount: entry.unitCount, lineCount: entry.lineCount, queuedAt: entry.queuedAt });
      }
      return ShiftReport.parse({
        from: from.toISOString(),
        to: to.toISOString(),
        madeAt: ctx.clock.now().toISOString(),
        desk: ctx.journal.desk(),
        clerks,
        total,
        outbox,
        journalWhole: ctx.journal.whole(),
      });
    };
    return {
      handlers: {
        'shift.report': (input) => report(input),
        'shift.note': () => notes.read(ctx.environmentId()),
        'shift.saveNote': ({ note }) => notes.save(ctx.environmentId(), note, ctx.clock.now()),
        'shift.pdf': async ({ note, locale, timeZone, ...input }) => {
          const made = await report(input);
          const words = locale ? wordsFor('system', [locale]) : englishWords;
          const pdf = await shiftReportPdf(made, note, words, timeZone);
          // The handover is part of the clerk's record; the note's next shift starts empty.
          await ctx.journal.record({
            what: {
              kind: 'shift.reported',
              record: null,
              details: {
                from: made.from,
                to: made.to,
                clerkId: input.clerkId ?? null,
                note,
                returns: made.total.returnsCreated,
                receivingOrders: made.total.receivingCreated,
              },
            },
            answer: null,
          });
          await notes.save(ctx.environmentId(), '', ctx.clock.now());
          return { fileName: `end-of-shift-${made.to.slice(0, 10)}.pdf`, contentType: 'application/pdf' as const, base64: pdf.toString('base64') };
        },
        'shift.label': async ({ note, locale, timeZone, ...input }) => {
          const made = await report(input);
          const words = locale ? wordsFor('system', [locale]) : englishWords;
          const label = shiftSummaryLabel(made, input.clerkId, note, words.t, documentTime(words, timeZone));
          return ctx.labelPrinter.printText(label, said('shift.label.job'));
        },
      },
    };
  },
});
