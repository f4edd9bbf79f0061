import type { DownloadDef, DownloadInput } from '@openvisit/contract';
import { App } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../api';

/**
 * A list's export button: downloads the file, says `done` when it arrived, and is busy meanwhile. A failure is shown
 * by the error policy (platform/api.ts), so the screen does nothing more.
 */
export function useListExport() {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async <D extends DownloadDef>(def: D, input: DownloadInput<D>, done: string): Promise<void> => {
    setExporting(true);
    try {
      await downloadFile(def, input);
      void message.success(done);
    } catch {
      // shown by the error policy
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
