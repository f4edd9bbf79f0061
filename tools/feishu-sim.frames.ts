// The long connection's wire format (docs/protocols/feishu.md, "Frames"): every WebSocket message is one binary
// protobuf `pbbp2.Frame` (proto2), as the official SDKs define it (larksuite/oapi-sdk-go ws/pbbp2.pb.go, the
// `pbbp2` namespace of @larksuiteoapi/node-sdk). Built with protobufjs reflection so no generated code is needed.
import protobuf from 'protobufjs';

export interface FrameHeader {
  key: string;
  value: string;
}
export interface Frame {
  SeqID: number;
  LogID: number;
  service: number;
  /** 0: control (ping/pong), 1: data (event, card). */
  method: number;
  headers: FrameHeader[];
  payloadEncoding?: string;
  payloadType?: string;
  payload?: Uint8Array;
  LogIDNew?: string;
}

export const METHOD_CONTROL = 0;
export const METHOD_DATA = 1;

// The official SDK, when loaded in the same process, sets the shared protobufjs's util.Long to undefined (64-bit fields
// as numbers) after our types may have been built with it; doing the same first makes the frames alike in either order.
protobuf.util.Long = undefined as unknown as typeof protobuf.util.Long;
protobuf.configure();

const HeaderType = new protobuf.Type('Header')
  .add(new protobuf.Field('key', 1, 'string', 'required'))
  .add(new protobuf.Field('value', 2, 'string', 'required'));
const FrameType = new protobuf.Type('Frame')
  .add(new protobuf.Field('SeqID', 1, 'uint64', 'required'))
  .add(new protobuf.Field('LogID', 2, 'uint64', 'required'))
  .add(new protobuf.Field('service', 3, 'int32', 'required'))
  .add(new protobuf.Field('method', 4, 'int32', 'required'))
  .add(new protobuf.Field('headers', 5, 'Header', 'repeated'))
  .add(new protobuf.Field('payloadEncoding', 6, 'string', 'optional'))
  .add(new protobuf.Field('payloadType', 7, 'string', 'optional'))
  .add(new protobuf.Field('payload', 8, 'bytes', 'optional'))
  .add(new protobuf.Field('LogIDNew', 9, 'string', 'optional'));
new protobuf.Root().define('pbbp2').add(HeaderType).add(FrameType);

export function encodeFrame(frame: Frame): Uint8Array {
  return FrameType.encode(FrameType.fromObject(frame)).finish();
}

/** Throws on a frame missing a required field, as the SDKs' decoders do. */
export function decodeFrame(bytes: Uint8Array): Frame {
  const message = FrameType.decode(bytes);
  const o = FrameType.toObject(message, { longs: Number, defaults: false, arrays: true }) as Frame;
  o.headers = o.headers ?? [];
  return o;
}

export function header(frame: Frame, key: string): string | undefined {
  return frame.headers.find((h) => h.key === key)?.value;
}
