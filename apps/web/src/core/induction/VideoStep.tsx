import type { ExamPaper } from '@openvisit/contract';
import { type SyntheticEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../platform/format';
import { useNow } from './useNow';

/** Playback moves on by at most this much between two `timeupdate`s; a larger jump is a seek, not watching. */
const MAX_STEP_S = 2;
/** A seek up to this far past what was watched is tolerated (rounding of the seek bar). */
const SEEK_SLACK_S = 0.5;

/**
 * The training video: it plays inline, may be paused or rewound, never moved past what was watched (a seek further
 * snaps back). The questions open once the required share is watched and the paper's `answerFrom` has come.
 */
export function VideoStep({ paper, onPlaying, onDone }: { paper: ExamPaper; onPlaying: (playing: boolean) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const furthest = useRef(0);
  const [watchedMs, setWatchedMs] = useState(0);
  // Played to its end without skipping: watched, even when the file is a little shorter than the share asked.
  const [ended, setEnded] = useState(false);
  const required = paper.requiredWatchMs;
  const enough = watchedMs >= required || ended;
  // Ticks while shown (not only until answerFrom: a clock stopped by its own last tick could stay a moment short of it).
  const now = useNow(true);
  const open = now >= paper.answerFrom;
  const percent = required > 0 && !ended ? Math.min(100, Math.floor((watchedMs / required) * 100)) : 100;

  const advance = (e: SyntheticEvent<HTMLVideoElement>) => {
    const at = e.currentTarget.currentTime;
    if (at > furthest.current && at <= furthest.current + MAX_STEP_S) {
      furthest.current = at;
      setWatchedMs((ms) => Math.max(ms, Math.floor(at * 1000)));
    }
  };
  const guardSeek = (e: SyntheticEvent<HTMLVideoElement>) => {
    const v = e.currentTarget;
    if (v.currentTime > furthest.current + SEEK_SLACK_S) v.currentTime = furthest.current;
  };

  return (
    <section className="ind-step" aria-labelledby="ind-video-title">
      <h2 id="ind-video-title" className="ind-heading">
        {paper.video ? t('induction.video') : paper.title}
      </h2>
      {paper.video ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: the training videos are uploaded without caption tracks */}
          <video
            className="ind-video"
            src={paper.video.url}
            title={paper.video.title}
            playsInline
            controls
            controlsList="nodownload noplaybackrate"
            disablePictureInPicture
            preload="metadata"
            data-testid="induction-video"
            onTimeUpdate={advance}
            onSeeking={guardSeek}
            onPlay={() => onPlaying(true)}
            onPause={() => onPlaying(false)}
            onEnded={(e) => {
              advance(e);
              if (furthest.current >= e.currentTarget.duration - MAX_STEP_S) setEnded(true);
              onPlaying(false);
            }}
          />
          <label className="ind-progress">
            <span>{t('induction.watched', { percent })}</span>
            <progress max={100} value={percent} />
          </label>
          <p className="ind-hint">{t('induction.watchHint')}</p>
        </>
      ) : null}
      {enough && !open ? <p className="ind-hint">{t('induction.waitUntil', { time: formatTime(paper.answerFrom) })}</p> : null}
      <div className="ind-actions">
        <button type="button" className="ind-btn" disabled={!enough || !open} onClick={onDone}>
          {t('induction.toQuestions')}
        </button>
      </div>
    </section>
  );
}
