import { FileExcelOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { evacuationPdf, exportEvacuationList, type onSiteGate, VISIT_KINDS } from '@openvisit/contract';
import { App, Badge, Button, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { downloadFile } from '../../../platform/api';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime, formatNumber, formatTime } from '../../../platform/format';
import { currentLang } from '../../../platform/i18n';
import { CellText, FitTable, type ListColumn } from '../../../platform/list';
import { getSession } from '../../../platform/session';
import { useOnSiteEvents, useOnSiteList } from '../api';

type Gate = z.infer<typeof onSiteGate>;
type Person = Gate['list'][number];

const HIGHLIGHT_MS = 8000;

// The board prints as the evacuation list: the shell's navigation is left out by styles.css, the actions here; each
// gate's table kept together.
const CSS = `
.onsite-new > td { animation: onsite-arrive ${HIGHLIGHT_MS}ms ease-out; }
@keyframes onsite-arrive { from { background: #d9f7be; } to { background: transparent; } }
@media print {
  @page { size: A4 portrait; margin: 10mm; }
  .onsite-no-print { display: none !important; }
  .onsite-gate { break-inside: avoid; }
}`;

/**
 * Visitors › on site now: everyone signed in and not out, by gate, refreshed live from the server's event stream when
 * someone checks in or out anywhere; prints or downloads as the evacuation list (readable on a phone).
 */
export function OnSiteBoardPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useOnSiteList();
  const [arrived, setArrived] = useState<ReadonlySet<number>>(new Set());
  const stream = useOnSiteEvents((m) => {
    if (m.move !== 'in') return;
    setArrived((s) => new Set(s).add(m.vid));
    setTimeout(
      () =>
        setArrived((s) => {
          const next = new Set(s);
          next.delete(m.vid);
          return next;
        }),
      HIGHLIGHT_MS,
    );
  });
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const printedAt = usePrinting();
  const num = (n: number) => formatNumber(n);

  const download = async (kind: 'pdf' | 'xlsx') => {
    setBusy(kind);
    try {
      await downloadFile(kind === 'pdf' ? evacuationPdf : exportEvacuationList, { lang: currentLang() });
      message.success(t('onsite.downloaded'));
    } finally {
      setBusy(null);
    }
  };

  const columns: ListColumn<Person>[] = [
    {
      title: t('onsite.columns.name'),
      key: 'name',
      kind: 'name',
      render: (_: unknown, p: Person) => (
        <>
          <CellText>
            <Typography.Text strong>{p.name}</Typography.Text>
          </CellText>
          {p.company ? <CellText secondary>{p.company}</CellText> : null}
        </>
      ),
    },
    {
      title: t('onsite.columns.phone'),
      dataIndex: 'phone',
      key: 'phone',
      kind: 'phone',
      render: (v: string) => (v ? <a href={`tel:${v}`}>{v}</a> : '—'),
    },
    {
      title: t('onsite.columns.host'),
      key: 'host',
      kind: 'name',
      render: (_: unknown, p: Person) => (
        <>
          <CellText>{p.empName || '—'}</CellText>
          {p.empPhone ? (
            <CellText>
              <a href={`tel:${p.empPhone}`}>{p.empPhone}</a>
            </CellText>
          ) : null}
        </>
      ),
    },
    { title: t('onsite.columns.since'), dataIndex: 'visitdate', key: 'since', kind: 'dateTime', render: (v: number) => formatDateTime(v) },
    {
      title: t('onsite.columns.people'),
      dataIndex: 'followers',
      key: 'people',
      kind: 'number',
      align: 'right' as const,
      render: (v: number) => num(1 + v),
    },
    {
      title: t('onsite.columns.kind'),
      dataIndex: 'kind',
      key: 'kind',
      kind: 'tag',
      width: 104,
      render: (v: Person['kind']) => <Tag>{t(`visits.kinds.${v}`)}</Tag>,
    },
  ];

  // On paper only: a box per person to tick at the assembly point.
  if (printedAt !== null) columns.push({ title: t('onsite.columns.rollCall'), key: 'rollCall', width: 88, align: 'center', render: () => '☐' });

  const data = list.data;
  return (
    <div>
      <style>{CSS}</style>
      <PageHeader
        title={t('onsite.title')}
        extra={
          <Flex gap={8} align="center" wrap>
            <Badge
              status={stream === 'live' ? 'processing' : 'warning'}
              text={stream === 'live' ? t('onsite.live') : t('onsite.reconnecting')}
              data-testid="onsite-stream"
              data-state={stream}
            />
            {data ? <Typography.Text type="secondary">{t('onsite.asOf', { time: formatTime(data.at) })}</Typography.Text> : null}
          </Flex>
        }
        actions={
          <Flex gap={8} wrap className="onsite-no-print">
            <Button size="large" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!data}>
              {t('onsite.print')}
            </Button>
            <Button
              size="large"
              icon={<FilePdfOutlined />}
              loading={busy === 'pdf'}
              onClick={() => void download('pdf')}
              data-testid="evacuation-pdf"
            >
              {t('onsite.pdf')}
            </Button>
            <Button
              size="large"
              icon={<FileExcelOutlined />}
              loading={busy === 'xlsx'}
              onClick={() => void download('xlsx')}
              data-testid="evacuation-xlsx"
            >
              {t('onsite.xlsx')}
            </Button>
          </Flex>
        }
      />
      {printedAt !== null ? <PrintHeading printedAt={printedAt} /> : null}
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[12, 12]}>
            <Col xs={12} md={6} lg={4}>
              <Card size="small">
                <Statistic title={t('onsite.people')} value={data.people} formatter={(v) => num(Number(v))} data-testid="onsite-people" />
              </Card>
            </Col>
            {VISIT_KINDS.map((k) => (
              <Col xs={12} md={6} lg={4} key={k}>
                <Card size="small">
                  <Statistic title={t(`visits.kinds.${k}`)} value={data.byKind[k] ?? 0} formatter={(v) => num(Number(v))} />
                </Card>
              </Col>
            ))}
          </Row>
          {data.gates.length === 0 ? (
            <Card>
              <Empty description={t('onsite.empty')} />
            </Card>
          ) : (
            data.gates.map((g) => (
              <Card
                key={`${g.gid}|${g.gname}`}
                className="onsite-gate"
                size="small"
                title={g.gname || t('onsite.noGate')}
                extra={t('onsite.gatePeople', { count: g.people })}
                data-testid="onsite-gate"
              >
                <FitTable<Person>
                  rowKey="vid"
                  size="small"
                  pagination={false}
                  columns={columns}
                  dataSource={g.list}
                  rowClassName={(p) => (arrived.has(p.vid) ? 'onsite-new' : '')}
                />
              </Card>
            ))
          )}
        </Flex>
      )}
    </div>
  );
}

/**
 * While the page prints (the print button, or the browser's own print command), the moment it was printed; else null.
 * Set synchronously in `beforeprint`, so the printout carries what is rendered for it.
 */
function usePrinting(): number | null {
  const [printedAt, setPrintedAt] = useState<number | null>(null);
  useEffect(() => {
    const before = () => flushSync(() => setPrintedAt(Date.now()));
    const after = () => setPrintedAt(null);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printedAt;
}

/** The printout's heading: whose site, that it is the evacuation list, and when it was printed. */
function PrintHeading({ printedAt }: { printedAt: number }) {
  const { t } = useTranslation();
  const company = getSession().project?.company ?? '';
  return (
    <div data-testid="evacuation-heading" style={{ marginBottom: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {company ? `${company} · ${t('onsite.printTitle')}` : t('onsite.printTitle')}
      </Typography.Title>
      <Typography.Text>{t('onsite.printedAt', { time: formatDateTime(printedAt, '—', { seconds: true }) })}</Typography.Text>
    </div>
  );
}
