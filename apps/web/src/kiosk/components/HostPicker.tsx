import { getEmpByName } from '@openvisit/contract';
import { useEffect, useState } from 'react';
import { callApi } from '../../platform/api';
import { useK } from '../i18n';

interface Host {
  empid: number;
  empName: string;
  deptNames: string[];
}

/**
 * The host, searched by name as the visitor types (the server never lists, to a visitor machine, the employees
 * hidden from pad search), within the company the visitor picked in an office building. Only names and departments
 * are shown: a kiosk is no phone book.
 */
export function HostPicker({
  id,
  empid,
  hostName,
  company,
  invalid,
  onChange,
}: {
  id: string;
  empid: number | null;
  hostName: string;
  /** The company the visitor picked (0 the head office): only its employees are found. */
  company?: number;
  invalid: boolean;
  onChange: (host: { empid: number | null; hostName: string }) => void;
}) {
  const { t } = useK();
  const [query, setQuery] = useState('');
  const [hosts, setHosts] = useState<Host[] | null>(null);

  useEffect(() => {
    const name = query.trim();
    if (!name || empid) {
      setHosts(null);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      callApi(getEmpByName, { name, subaccountId: company }, { silent: true })
        .then((list) => !cancelled && setHosts(list.map((e) => ({ empid: e.empid, empName: e.empName, deptNames: e.deptNames }))))
        .catch(() => !cancelled && setHosts([]));
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query, empid, company]);

  if (empid)
    return (
      <div className="k-host k-host--chosen" data-testid="host-chosen">
        <span>{hostName}</span>
        <button
          type="button"
          className="k-btn k-btn--ghost k-btn--small"
          onClick={() => {
            onChange({ empid: null, hostName: '' });
            setQuery('');
          }}
        >
          {t('register.hostChange')}
        </button>
      </div>
    );

  return (
    <div className="k-hosts">
      <input
        id={id}
        className="k-input"
        value={query}
        placeholder={t('register.hostPlaceholder')}
        autoComplete="off"
        aria-invalid={invalid}
        onChange={(e) => setQuery(e.target.value)}
      />
      {hosts?.length === 0 ? <span className="k-sub">{t('register.hostNone')}</span> : null}
      {hosts?.map((h) => (
        <button key={h.empid} type="button" className="k-host" onClick={() => onChange({ empid: h.empid, hostName: h.empName })}>
          <span>{h.empName}</span>
          {h.deptNames.length ? <small>{h.deptNames.join(' / ')}</small> : null}
        </button>
      ))}
    </div>
  );
}
