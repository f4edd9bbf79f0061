import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database can be opened by one process only. The holder writes its pid next to it;
 * anyone else finding a live pid there refuses rather than corrupting the files.
 */
export class DataDirBusyError extends Error {
  constructor(public readonly pid: number) {
    super(`The embedded database is in use by a running OpenVisit server (pid ${pid}). Stop it first, or point DATABASE_URL at PostgreSQL.`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'openvisit.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && alive(pid)) throw new DataDirBusyError(pid);
      fs.unlinkSync(file); // left behind by a process that died
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
