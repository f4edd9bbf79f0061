import { useState } from 'react';

/** Where a spreadsheet import stands: a file chosen, checked by the server's dry run, applied, done. */
export type ImportStage<R> =
  | { step: 'choose' }
  | { step: 'checking'; file: File }
  | { step: 'checked'; file: File; result: R }
  | { step: 'importing'; file: File; result: R }
  | { step: 'done'; result: R };

/**
 * The steps every spreadsheet import of the console takes (employees, departments, the batch invite, questions):
 * `choose` checks a file (the caller's own checks first, then the server's dry run), `run` applies the checked file and
 * `onImported` refreshes what it changed. A failed send (`send` answers null, having said why) goes back a step.
 */
export function useImportStages<R>(opts: {
  send: (file: File, dryRun: boolean) => Promise<R | null>;
  /** Checks before anything is sent (the file's type and size, the form's shared fields): false stops there. */
  accept: (file: File) => boolean | Promise<boolean>;
  onImported: () => Promise<unknown>;
}) {
  const [stage, setStage] = useState<ImportStage<R>>({ step: 'choose' });
  const choose = async (file: File) => {
    if (!(await opts.accept(file))) return;
    setStage({ step: 'checking', file });
    const result = await opts.send(file, true);
    setStage(result ? { step: 'checked', file, result } : { step: 'choose' });
  };
  const run = async () => {
    if (stage.step !== 'checked') return;
    const { file, result: checked } = stage;
    setStage({ step: 'importing', file, result: checked });
    const result = await opts.send(file, false);
    if (!result) {
      setStage({ step: 'checked', file, result: checked });
      return;
    }
    await opts.onImported();
    setStage({ step: 'done', result });
  };
  return {
    stage,
    choose,
    run,
    reset: () => setStage({ step: 'choose' }),
    busy: stage.step === 'checking' || stage.step === 'importing',
    /** The step shown by a three-step indicator: choose, check, done. */
    current: { choose: 0, checking: 0, checked: 1, importing: 1, done: 2 }[stage.step],
  };
}
