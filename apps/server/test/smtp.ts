import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP peer on loopback that keeps what it receives; while `refusing` holds a reply (e.g. "451 try again
 * later", "550 mailbox unavailable") it refuses every message with it.
 */
export async function startSmtp({ refusing }: { refusing?: string } = {}) {
  const received: ReceivedMail[] = [];
  const state = { refusing };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      stream.on('end', () => {
        if (state.refusing) return callback(new Error(state.refusing));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface MimePart {
  headers: string;
  body: Buffer;
}

function decodeQuotedPrintable(s: string): Buffer {
  const bytes: number[] = [];
  const flat = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    const hex = flat.slice(i + 1, i + 3);
    if (flat[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i] ?? ''));
  }
  return Buffer.from(bytes);
}

/** The leaf parts of a MIME message (every boundary level flattened), bodies decoded from base64 or quoted-printable. */
export function mimeParts(raw: string): MimePart[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1] as string);
  let chunks = [raw];
  for (const b of boundaries) chunks = chunks.flatMap((c) => c.split(`--${b}`));
  return chunks.flatMap((chunk) => {
    const at = chunk.search(/\r?\n\r?\n/);
    if (at < 0) return [];
    const headers = chunk.slice(0, at).trim();
    if (!/content-type:/i.test(headers) || /multipart\//i.test(headers)) return [];
    const content = chunk.slice(at).replace(/^\r?\n\r?\n/, '');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const body =
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(content)
          : Buffer.from(content);
    return [{ headers, body }];
  });
}
