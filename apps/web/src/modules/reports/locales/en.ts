/** English texts of the statistics screen. */
export const reportsEn = {
  title: 'Statistics',
  periods: { today: 'Today', days7: '7 days', days30: '30 days', custom: 'Custom range' },
  print: 'Print',
  kpi: {
    onSite: 'On site now',
    visits: 'Visits in the period',
    averageStay: 'Average stay',
    averageStayValue: '{{minutes}} min',
    averageStayNone: 'No visit has signed out yet',
    averageStayOver_one: 'over {{count}} visit',
    averageStayOver_other: 'over {{count}} visits',
    noShows: 'No-shows',
    noShowsOf: 'of {{count}} invitations',
  },
  charts: {
    perDay: 'Visits per day',
    line: 'Line',
    bar: 'Bars',
    byHour: 'Visits by hour of check-in',
    byDept: 'Visits by host department',
    noDept: 'No department',
    noneGiven: 'None was given for the visits of this period',
    topTypes: 'Top visit types',
    topReasons: 'Top visit reasons',
    visits: 'Visits',
    hour: '{{hour}}:00',
  },
  empty: 'No visits in this period',
  /** Printed under the title, where the period's picker is not printed. */
  printPeriod: 'Period: {{from}} to {{to}}',
};
