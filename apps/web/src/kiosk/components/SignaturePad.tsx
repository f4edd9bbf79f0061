import { SIGNATURE_MAX_CHARS } from '@openvisit/contract';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef } from 'react';

export interface SignaturePadHandle {
  /** The signature as a PNG data URL cropped to the ink, or null when nothing was drawn. */
  toDataURL(): string | null;
  clear(): void;
  isEmpty(): boolean;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The server refuses signatures under 50×20 px; a short scribble is padded to at least this. */
export const SIGNATURE_MIN = { w: 200, h: 80 } as const;
const PAD = 12;

/**
 * The part of the canvas (device pixels) that holds the ink: its bounds widened by a margin, grown to the minimum
 * size around their centre, and kept inside the canvas.
 */
export function signatureBox(
  ink: { minX: number; minY: number; maxX: number; maxY: number },
  canvas: { width: number; height: number },
  scale = 1,
): Box {
  const grow = (lo: number, hi: number, min: number, limit: number): [number, number] => {
    let a = lo - PAD * scale;
    let b = hi + PAD * scale;
    if (b - a < min) {
      const mid = (a + b) / 2;
      a = mid - min / 2;
      b = mid + min / 2;
    }
    if (a < 0) [a, b] = [0, Math.min(limit, b - a)];
    if (b > limit) [a, b] = [Math.max(0, a - (b - limit)), limit];
    return [Math.floor(a), Math.ceil(b)];
  };
  const [x0, x1] = grow(ink.minX, ink.maxX, SIGNATURE_MIN.w * scale, canvas.width);
  const [y0, y1] = grow(ink.minY, ink.maxY, SIGNATURE_MIN.h * scale, canvas.height);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Copies the box to a new canvas and encodes it as PNG, halving the size until it fits the server's limit. */
export function exportPng(source: HTMLCanvasElement, box: Box, maxChars = SIGNATURE_MAX_CHARS): string | null {
  let factor = 1;
  for (let i = 0; i < 4; i++) {
    const out = document.createElement('canvas');
    out.width = Math.max(1, Math.round(box.w * factor));
    out.height = Math.max(1, Math.round(box.h * factor));
    const ctx = out.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(source, box.x, box.y, box.w, box.h, 0, 0, out.width, out.height);
    const url = out.toDataURL('image/png');
    if (url.length <= maxChars) return url;
    factor /= 2;
  }
  return null;
}

/** Signing with a finger (or a mouse): pointer strokes on a canvas sized to its box at the screen's pixel ratio. */
export function SignaturePad({ onChange, label, ref }: { onChange?: (hasInk: boolean) => void; label: string; ref?: Ref<SignaturePadHandle> }) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const ink = useRef<{ minX: number; minY: number; maxX: number; maxY: number } | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const scale = useRef(1);
  const changed = useRef(onChange);
  changed.current = onChange;

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  const clear = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d') ?? null;
    if (canvas && ctx) ctx.clearRect(0, 0, canvas.width, canvas.height);
    ink.current = null;
    changed.current?.(false);
  }, []);

  // Size the drawing surface to the element (and again when it changes size: rotating the tablet clears it).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const rect = canvas.getBoundingClientRect();
      const ratio = Math.min(2, window.devicePixelRatio || 1);
      const w = Math.round((rect.width || 600) * ratio);
      const h = Math.round((rect.height || 200) * ratio);
      if (canvas.width === w && canvas.height === h) return;
      scale.current = ratio;
      canvas.width = w;
      canvas.height = h;
      ink.current = null;
      changed.current?.(false);
    };
    fit();
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(fit) : null;
    observer?.observe(canvas);
    return () => observer?.disconnect();
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      toDataURL: () => {
        const canvas = canvasRef.current;
        if (!canvas || !ink.current) return null;
        return exportPng(canvas, signatureBox(ink.current, canvas, scale.current));
      },
      clear,
      isEmpty: () => ink.current === null,
    }),
    [clear],
  );

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: (e.clientX - rect.left) * scale.current, y: (e.clientY - rect.top) * scale.current };
  };

  const extend = (p: { x: number; y: number }) => {
    const r = ink.current;
    const w = 3 * scale.current;
    ink.current = r
      ? { minX: Math.min(r.minX, p.x - w), minY: Math.min(r.minY, p.y - w), maxX: Math.max(r.maxX, p.x + w), maxY: Math.max(r.maxY, p.y + w) }
      : { minX: p.x - w, minY: p.y - w, maxX: p.x + w, maxY: p.y + w };
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = point(e);
    const ctx = context();
    const wasEmpty = ink.current === null;
    if (ctx) {
      ctx.fillStyle = '#000';
      ctx.beginPath();
      ctx.arc(p.x, p.y, 1.5 * scale.current, 0, Math.PI * 2);
      ctx.fill();
    }
    last.current = p;
    extend(p);
    if (wasEmpty) changed.current?.(true);
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    if (!from) return;
    const p = point(e);
    const ctx = context();
    if (ctx) {
      ctx.strokeStyle = '#000';
      ctx.lineWidth = 3 * scale.current;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
    extend(p);
  };

  const onPointerUp = () => {
    last.current = null;
  };

  return (
    <canvas
      ref={canvasRef}
      aria-label={label}
      role="img"
      data-testid="signature-pad"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerLeave={onPointerUp}
    />
  );
}
