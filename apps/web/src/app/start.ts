import './texts';
import { provideLanding } from '../platform/landing';
import { homePath, postLoginPath } from './postLogin';

/** What the shell hands the layers below before the first render: its texts (./texts) and where sign-in leads. */
provideLanding({ homePath, postLoginPath });
