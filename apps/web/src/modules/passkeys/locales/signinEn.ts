/** English texts of the sign-in page's passkey pieces (in the start texts: the sign-in page loads nothing else). */
export const passkeySignInEn = {
  button: 'Sign in with a passkey',
  dismissed: 'The passkey prompt was closed. Try again, or sign in with your password.',
  secondDismissed: 'The passkey prompt was closed. Try again, or use a recovery code.',
  secondTitle: 'Confirm with your passkey',
  secondExplain: 'Your password was right. This account also asks for one of its passkeys.',
  usePasskey: 'Use my passkey',
  useCode: 'Use a recovery code instead',
  code: 'Recovery code',
  codePlaceholder: 'ABCDE-FGH23',
  submitCode: 'Sign in',
  back: 'Back to sign-in',
};
