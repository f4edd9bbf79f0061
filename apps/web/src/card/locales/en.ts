/** The badge page's own words (card/): its states; the badge's words are the platform's (`badge.*`). */
export const cardEn = {
  title: 'Visitor badge',
  loading: 'Preparing the badge…',
  refused: 'This badge cannot be shown: {{reason}}',
  noVisit: 'the link names no visit (vid)',
  print: 'Print',
};
