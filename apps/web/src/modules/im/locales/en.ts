/** English texts of the work apps (Settings › work apps: DingTalk, Feishu and WeCom). */
export const imEn = {
  title: 'Work apps',
  intro: 'Your company’s app on DingTalk, Feishu or WeCom: its credentials, tested with the platform before they are saved.',
  platforms: { dingtalk: 'DingTalk', feishu: 'Feishu (Lark)', wecom: 'WeCom' },
  help: {
    dingtalk:
      'An internal app of your DingTalk organisation (developer console › app credentials). The AppKey, AppSecret and AgentId are the ones the directory sync uses.',
    feishu: 'A custom app of your Feishu tenant (developer console › credentials and basic info).',
    wecom:
      'A self-built app of your WeCom corporation (admin console › apps): the CorpID (My company), the app’s AgentId and Secret, and the Token and EncodingAESKey of its “receive messages” settings.',
  },
  fields: {
    appKey: 'AppKey',
    appId: 'App ID',
    corpId: 'CorpID',
    agentId: 'AgentId',
    appSecret: 'AppSecret',
    secret: 'Secret',
    callbackToken: 'Token',
    encodingAesKey: 'EncodingAESKey',
    cardTemplateId: 'Card template ID',
    apiBase: 'API address',
  },
  apiBaseHelp: 'Leave empty to use {{base}}; a private deployment or a proxy may stand in.',

  cardTemplateHelp:
    'Optional. A card template made in DingTalk’s card builder (variables title, text, status, result, approve, refuse, reason, open, link; buttons with the action ids approve and refuse, an input named reason): approval requests then arrive as cards with Approve and Refuse. Empty: as text with a link.',
  secretKept: 'Stored: leave empty to keep it.',
  signIn: {
    label: 'Employees sign in with it',
    off: 'No',
    on: 'Yes, beside passwords',
    required: 'Required instead of passwords',
    help: 'Employees are matched by the platform’s user id, else their mobile, else their e-mail in the employee directory. Console accounts with the employee’s phone may sign in with it too; the administrator keeps the password.',
    oneRequired: 'Another work app is already required: set it to “Yes, beside passwords” first',
    link: 'Sign-in link',
    linkHelp:
      'Put it in the app’s workbench (home page) or share it: it opens the sign-in page with this button, and inside the app it signs in at once.',
  },
  callback: {
    label: 'Callback URL',
    help: 'Enter it as the app’s “receive messages” server URL with the Token and EncodingAESKey above: approval requests then arrive as cards with Approve (otherwise as text with a link). To sync the directory as it changes, enter the same URL, Token and EncodingAESKey as the event server of Contacts sync (通讯录同步). WeCom must be able to reach this address.',
  },
  rules: {
    required: 'Required',
    tooLong: 'Too long',
    format: 'Not in the platform’s format',
  },
  test: {
    run: 'Test connection',
    ok: 'Connected: the platform gave a token ({{ms}} ms)',
    failed: 'The connection failed',
    refused: '{{reason}} (code {{code}})',
    lastOk: 'Last test at {{at}}: connected',
    lastFailed: 'Last test at {{at}}: {{reason}}',
  },
  save: 'Save',
  saved: 'Saved',
  forget: 'Forget the app',
  forgetConfirm: 'Forget this app’s credentials?',
  forgotten: 'Forgotten',
};
