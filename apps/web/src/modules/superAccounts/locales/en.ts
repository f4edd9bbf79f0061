export const superAccountsEn = {
  period: 'Period',
  periods: { today: 'Today', days7: 'Last 7 days', days30: 'Last 30 days', custom: 'Custom' },
  home: {
    title: 'Related companies',
    greeting: 'Hello, {{name}}',
    empty: 'No related companies',
    today: 'Visits today',
    onSite: 'On site now',
    total: 'In the period',
    perDay: 'Visits per day',
    noVisits: 'No visits in this period',
    open: 'Open console (read-only)',
  },
  readOnly: {
    banner: 'Read-only view of {{company}}: changes are refused',
    back: 'Back to the super account',
  },
};
