import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Status } from '@openvisit/contract';
import sharp from 'sharp';
import { AppError } from '../http/errors.js';
import { FACE_WORKER } from './faceDetect.worker.js';

/*
 * Face detection for every face photo (employees, resident workers, visitors at the invitation page, kiosk and desk):
 * face-api's SSD MobileNet v1 on TensorFlow.js's WebAssembly backend, model and .wasm read from node_modules (nothing
 * is fetched). It runs in one worker thread per process, started at the first photo and kept (loading takes a few
 * hundred ms, a photo a few hundred more on one core), so a request's thread never waits on the network's arithmetic;
 * photos queue for it one at a time.
 */

export const FACE_DETECTION = {
  /** A detection below this score is no face. */
  minConfidence: 0.5,
  /** The longer edge the photo is scaled to for the detector (its network looks at 512 × 512 anyway). */
  edge: 512,
  /**
   * A face narrower than this share of the largest one is background (a poster, a passer-by far behind): a terminal
   * enrols the person in front, so only faces of comparable size count as "more than one".
   */
  minRelativeWidth: 0.3,
  /** Photos waiting at once; past this the server is too busy (503) rather than holding uploads without bound. */
  queue: 64,
  /** One photo taking longer than this means the worker is stuck: it is stopped and started afresh. */
  deadlineMs: 60_000,
  heapMb: 256,
} as const;

const resolve = createRequire(import.meta.url).resolve;
const FACE_API = resolve('@vladmandic/face-api/dist/face-api.node-wasm.js');
const WASM = resolve('@tensorflow/tfjs-backend-wasm');

interface Face {
  score: number;
  /** Its width as a share of the photo's. */
  width: number;
}
interface Job {
  resolve: (faces: Face[]) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

class Detector {
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  /** `onStop`: the worker ended (stopped, crashed or failed to load); the detector is not to be used again. */
  constructor(
    private readonly worker: Worker,
    private readonly onStop: () => void,
  ) {
    worker.on('message', (m: { id: number; faces?: Face[]; error?: string }) => {
      const job = this.jobs.get(m.id);
      if (!job) return;
      this.settle(m.id);
      if (m.faces) job.resolve(m.faces);
      else job.reject(new Error(m.error ?? 'face detection failed'));
    });
  }

  get waiting(): number {
    return this.jobs.size;
  }

  detect(width: number, height: number, rgb: Uint8Array): Promise<Face[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.stop(new Error('face detection took too long')), FACE_DETECTION.deadlineMs);
      this.jobs.set(id, { resolve, reject, timer });
      // Held while photos wait, so a process with nothing else to do still gets its answer; let go when idle.
      if (this.jobs.size === 1) this.worker.ref();
      this.worker.postMessage({ id, width, height, rgb: rgb.buffer }, [rgb.buffer as ArrayBuffer]);
    });
  }

  /** Every waiting photo fails with `err` and the worker ends; the next photo starts a new one. */
  stop(err: Error): void {
    this.onStop();
    for (const [id, job] of this.jobs) {
      this.settle(id);
      job.reject(err);
    }
    void this.worker.terminate();
  }

  private settle(id: number): void {
    const job = this.jobs.get(id);
    if (job) clearTimeout(job.timer);
    this.jobs.delete(id);
    if (this.jobs.size === 0) this.worker.unref();
  }
}

let detector: Promise<Detector> | null = null;

function startDetector(): Promise<Detector> {
  const worker = new Worker(FACE_WORKER, {
    eval: true,
    workerData: {
      libs: { faceapi: FACE_API, wasm: WASM },
      wasmDir: `${path.dirname(WASM)}${path.sep}`,
      modelDir: path.join(path.dirname(FACE_API), '..', 'model'),
      minConfidence: FACE_DETECTION.minConfidence,
    },
    resourceLimits: { maxOldGenerationSizeMb: FACE_DETECTION.heapMb },
  });
  const started = new Promise<Detector>((resolve, reject) => {
    const d = new Detector(worker, () => {
      // The next photo starts a new worker.
      if (detector === started) detector = null;
      reject(new Error('the face detector stopped'));
    });
    const loading = setTimeout(() => d.stop(new Error('the face detector took too long to load')), FACE_DETECTION.deadlineMs);
    const onStart = (m: { ready?: true; failed?: string }) => {
      if (!m.ready && !m.failed) return;
      worker.off('message', onStart);
      clearTimeout(loading);
      if (m.failed) return d.stop(new Error(m.failed));
      // Held while it loads (a caller waits for it); from now on only while photos wait.
      worker.unref();
      resolve(d);
    };
    worker.on('message', onStart);
    worker.on('error', (err) => d.stop(err));
    worker.on('exit', () => {
      clearTimeout(loading);
      d.stop(new Error('the face detector stopped'));
    });
  });
  return started;
}

function unavailable(): AppError {
  return new AppError(Status.SERVICE_UNAVAILABLE, 'Face detection is not available right now; try again shortly');
}

/** The detector, started at the first call (a failed start is tried again by the next photo). */
function theDetector(): Promise<Detector> {
  detector ??= startDetector();
  return detector;
}

/**
 * The faces found in a photo (a stored face photo: an upright JPEG, see normalisePhoto), largest first; background
 * faces much smaller than the largest are left out (FACE_DETECTION.minRelativeWidth). 503 when the detector cannot
 * run or is too busy.
 */
export async function detectFaces(photo: Buffer): Promise<Face[]> {
  const { data, info } = await sharp(photo)
    .resize({ width: FACE_DETECTION.edge, height: FACE_DETECTION.edge, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = info.channels === 3 ? new Uint8Array(data) : toRgb(data, info.channels);
  let d: Detector;
  try {
    d = await theDetector();
  } catch {
    throw unavailable();
  }
  if (d.waiting >= FACE_DETECTION.queue) throw unavailable();
  const faces = await d.detect(info.width, info.height, rgb).catch(() => {
    throw unavailable();
  });
  const sorted = faces.sort((a, b) => b.width - a.width);
  const largest = sorted[0]?.width ?? 0;
  return sorted.filter((f) => f.width >= largest * FACE_DETECTION.minRelativeWidth);
}

/** Raw pixels of another channel count as RGB (a grey photo's one channel three times). */
function toRgb(data: Buffer, channels: number): Uint8Array {
  const pixels = data.length / channels;
  const rgb = new Uint8Array(pixels * 3);
  for (let i = 0; i < pixels; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = data[i * channels + Math.min(c, channels - 1)] ?? 0;
  return rgb;
}
