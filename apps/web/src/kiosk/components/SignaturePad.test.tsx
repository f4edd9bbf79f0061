import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportPng, SIGNATURE_MIN, SignaturePad, type SignaturePadHandle, signatureBox } from './SignaturePad';

/** jsdom has no canvas: a 2D context that records drawing, and PNG data URLs whose payload names the canvas size. */
function stubCanvas() {
  const drawn: unknown[][] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: '',
    lineJoin: '',
    beginPath: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    clearRect: vi.fn(),
    drawImage: vi.fn((...args: unknown[]) => drawn.push(args)),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement, type?: string) {
    return `data:${type ?? 'image/png'};base64,${btoa(`${this.width}x${this.height}`)}`;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 600, height: 200 } as DOMRect);
  return { ctx, drawn };
}

describe('signature pad', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'devicePixelRatio', { value: 1, configurable: true });
  });
  afterEach(() => vi.restoreAllMocks());

  it('crops to the ink with a margin, at least the server’s minimum, inside the canvas', () => {
    expect(signatureBox({ minX: 100, minY: 50, maxX: 400, maxY: 150 }, { width: 600, height: 200 })).toEqual({ x: 88, y: 38, w: 324, h: 124 });
    // A dot grows to the minimum around its centre…
    const dot = signatureBox({ minX: 300, minY: 100, maxX: 302, maxY: 102 }, { width: 600, height: 200 });
    expect([dot.w, dot.h]).toEqual([SIGNATURE_MIN.w, SIGNATURE_MIN.h]);
    // …and is pushed back inside at the edges.
    const corner = signatureBox({ minX: 0, minY: 0, maxX: 5, maxY: 5 }, { width: 600, height: 200 });
    expect(corner).toMatchObject({ x: 0, y: 0, w: SIGNATURE_MIN.w, h: SIGNATURE_MIN.h });
    // At a pixel ratio of 2 the margin and the minimum are in device pixels.
    expect(signatureBox({ minX: 400, minY: 200, maxX: 402, maxY: 202 }, { width: 1200, height: 400 }, 2)).toMatchObject({ w: 400, h: 160 });
  });

  it('nothing drawn: no signature; a stroke: a PNG data URL of the cropped ink; clear empties it', () => {
    const { ctx, drawn } = stubCanvas();
    const onChange = vi.fn();
    const ref = createRef<SignaturePadHandle>();
    render(<SignaturePad ref={ref} label="Sign here" onChange={onChange} />);
    expect(ref.current?.isEmpty()).toBe(true);
    expect(ref.current?.toDataURL()).toBeNull();

    const pad = screen.getByRole('img', { name: 'Sign here' });
    fireEvent.pointerDown(pad, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 300, clientY: 120, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 420, clientY: 90, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(ctx.lineTo).toHaveBeenCalledWith(420, 90);

    const url = ref.current?.toDataURL() ?? '';
    expect(url).toMatch(/^data:image\/png;base64,/);
    // Ink from (97,87) to (423,123) with a 12 px margin, grown to the 80 px minimum height.
    expect(atob(url.split(',')[1] ?? '')).toBe('350x80');
    expect(drawn.at(-1)?.slice(1, 5)).toEqual([85, 65, 350, 80]);

    ref.current?.clear();
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(ref.current?.toDataURL()).toBeNull();
  });

  it('halves the picture until it fits the server’s limit', () => {
    stubCanvas();
    const source = document.createElement('canvas');
    // With the 22-character prefix, '10000x4000' makes 38 characters and '5000x2000' 34.
    const url = exportPng(source, { x: 0, y: 0, w: 10000, h: 4000 }, 34);
    expect(atob(url?.split(',')[1] ?? '')).toBe('5000x2000');
  });
});
