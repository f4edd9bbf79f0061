import type { ExamPaper } from '@openvisit/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock, useNow } from './useNow';

/** An answer as `examSubmit` takes it: the chosen options' indexes. */
export interface PaperAnswer {
  qdid: number;
  chosen: number[];
}

/**
 * The drawn questions: one answer (radio) or several (checkboxes), the picture when there is one, a countdown to the
 * paper's deadline; submitted once every question has an answer.
 */
export function QuestionsStep({
  paper,
  busy,
  error,
  onSubmit,
  onTimeOver,
}: {
  paper: ExamPaper;
  busy: boolean;
  /** Why the last submission failed (kept answers, try again). */
  error: string | null;
  onSubmit: (answers: PaperAnswer[]) => void;
  onTimeOver: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Record<number, number[]>>({});
  const now = useNow(true);
  const left = paper.deadline - now;
  const over = left <= 0;
  useEffect(() => {
    if (over) onTimeOver();
  }, [over, onTimeOver]);

  const done = paper.questions.filter((q) => (chosen[q.qdid]?.length ?? 0) > 0).length;
  const choose = (qdid: number, option: number, multiple: boolean) =>
    setChosen((c) => {
      const had = c[qdid] ?? [];
      if (!multiple) return { ...c, [qdid]: [option] };
      const next = had.includes(option) ? had.filter((o) => o !== option) : [...had, option].sort((a, b) => a - b);
      return { ...c, [qdid]: next };
    });

  return (
    <section className="ind-step" aria-labelledby="ind-questions-title">
      <div className="ind-bar">
        <h2 id="ind-questions-title" className="ind-heading">
          {t('induction.questions')}
        </h2>
        <span className="ind-clock" role="timer" aria-live="off" data-testid="induction-clock">
          {t('induction.timeLeft', { time: clock(left) })}
        </span>
      </div>
      <ol className="ind-questions">
        {paper.questions.map((q, i) => {
          const multiple = q.kind === 'multiple';
          return (
            <li key={q.qdid} className="ind-question">
              <fieldset>
                <legend>
                  <span className="ind-qno">{t('induction.questionNo', { n: i + 1 })}</span>{' '}
                  <span className="ind-qkind">
                    {t(multiple ? 'induction.multiple' : 'induction.single')} · {t('induction.points', { score: q.score })}
                  </span>
                  <span className="ind-qtext">{q.question}</span>
                </legend>
                {q.picture ? <img className="ind-picture" src={q.picture} alt={t('induction.picture', { n: i + 1 })} /> : null}
                {q.options.map((option, o) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an option is known by its position (what is sent)
                  <label key={o} className="ind-option">
                    <input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={`q${q.qdid}`}
                      checked={chosen[q.qdid]?.includes(o) ?? false}
                      disabled={busy || over}
                      onChange={() => choose(q.qdid, o, multiple)}
                    />
                    <span>{option}</span>
                  </label>
                ))}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p className="ind-notice ind-notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ind-actions">
        <span className="ind-hint">{t('induction.answered', { done, total: paper.questions.length })}</span>
        <button
          type="button"
          className="ind-btn"
          disabled={busy || over || done < paper.questions.length}
          onClick={() => onSubmit(paper.questions.map((q) => ({ qdid: q.qdid, chosen: chosen[q.qdid] ?? [] })))}
        >
          {t(busy ? 'induction.submitting' : 'induction.submit')}
        </button>
      </div>
    </section>
  );
}
