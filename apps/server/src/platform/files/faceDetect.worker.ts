/**
 * The source of the face detector's worker thread (faceDetect.ts starts it once, with `eval: true`). Plain CommonJS in
 * a string so it runs the same under tsx, vitest and the esbuild bundle, which has no file of its own for a worker; the
 * libraries and the model's folder come in as resolved paths (workerData), all inside node_modules: face-api's
 * SSD MobileNet v1 model (the `model/` folder of @vladmandic/face-api) on TensorFlow.js's WebAssembly backend, whose
 * .wasm files are read from @tensorflow/tfjs-backend-wasm's `dist/` (never fetched: `usePlatformFetch` is off).
 *
 * It posts { ready: true } once the model is loaded (or { failed: message }), then answers each
 * { id, width, height, rgb } (raw RGB bytes) with { id, faces: [{ score, width }] } or { id, error }, one at a time.
 */
export const FACE_WORKER = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { libs, wasmDir, modelDir, minConfidence } = workerData;

async function start() {
  const faceapi = require(libs.faceapi);
  const wasm = require(libs.wasm);
  const tf = faceapi.tf;
  wasm.setWasmPaths(wasmDir, false);
  await tf.setBackend('wasm');
  await tf.ready();
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: 20 });
  return async ({ width, height, rgb }) => {
    const input = tf.tensor3d(new Uint8Array(rgb), [height, width, 3], 'int32');
    try {
      const found = await faceapi.detectAllFaces(input, options);
      return found.map((d) => ({ score: d.score, width: d.box.width / width }));
    } finally {
      input.dispose();
    }
  };
}

start().then(
  (detect) => {
    let chain = Promise.resolve();
    parentPort.on('message', (job) => {
      chain = chain.then(() =>
        detect(job).then(
          (faces) => parentPort.postMessage({ id: job.id, faces }),
          (err) => parentPort.postMessage({ id: job.id, error: String((err && err.message) || err) }),
        ),
      );
    });
    parentPort.postMessage({ ready: true });
  },
  (err) => parentPort.postMessage({ failed: String((err && err.message) || err) }),
);
`;
