/** What other features use of auth: the captcha of public forms (the truck booking page). */
export { useCaptcha, useCaptchaSubmit } from './api';
export { CaptchaField } from './components/CaptchaField';
