/** English texts of the onboarding wizard (/guide…/guide5): loaded with the console's texts, not the sign-in page's. */
export const guideEn = {
  title: 'Set up your company',
  intro: 'A few details before you start. You can change them later in the account settings.',
  steps: {
    company: 'Company remark',
    employees: 'Add employees',
    registration: 'Registration content',
    notice: 'Notification mode',
    pad: 'Pad settings',
  },
  company: 'Company name',
  shortName: 'Short name',
  shortNameHelp: 'Optional, at most 6 characters; shown where space is short (badges, the visitor’s invitation page)',
  username: 'Contact name',
  phone: 'Mobile phone',
  remark: 'Company remark',
  remarkPlaceholder: 'What the company does, where visitors come…',
  next: 'Save and continue',
  finish: 'Save and finish',
  done: 'Setup complete',
};
