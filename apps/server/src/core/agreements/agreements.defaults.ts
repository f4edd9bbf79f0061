import type { Lang, WrittenAgreementKind } from '@openvisit/contract';

/**
 * The consent to face recognition a company has until it writes its own (version 1): what is taken, what for, where it
 * goes, for how long, how to withdraw, and that saying no changes nothing for the visit (PIPL art. 29 and the face
 * recognition measures of June 2025; GDPR art. 9).
 */
export const DEFAULT_FACE_CONSENT: Readonly<Record<Lang, string>> = {
  zh: '人脸识别为自愿选择，与来访协议分开征求。如您同意，登记或签到时拍摄的您的面部照片将发送至您本次来访可通行的门禁人脸终端，以便您刷脸通行；来访结束后即从终端删除，照片的保存不超过本公司的保留期限。您可随时在本公司的隐私页面撤回同意，照片随即删除。如不同意，您的来访不受任何影响：照片（如拍摄）仅用于访客证，您可使用二维码、卡片或证件通行。',
  en: 'Face recognition is your choice, asked apart from the visit’s terms. If you agree, the photo of your face taken at registration or check-in is also sent to the face terminals of the doors your visit opens, so that you pass by showing your face; it is removed from the terminals when your visit ends and kept no longer than our retention rules say. You can withdraw this consent at any time on our privacy page; the photo is then deleted. If you do not agree, nothing changes for your visit: your photo, where one is taken, is for your badge only, and you pass with your QR code, card or ID document.',
};

/**
 * The privacy notice a company has until it writes its own (version 1): what is collected, why, for how long (the
 * periods themselves are on the privacy page, from the company's rules), who sees it, and the visitor's rights (PIPL
 * arts. 17 and 44–47; GDPR arts. 13 and 15–17).
 */
export const DEFAULT_PRIVACY_NOTICE: Readonly<Record<Lang, string>> = {
  zh: '我们在您来访时收集您的姓名、手机号、邮箱、单位、证件类型与号码、照片（如拍摄）、签名、来访与通行时间，以及来访类型要求填写的信息，用于访客登记、通知被访人、场所安全与安全培训，以及法律要求的访客记录。这些信息仅本公司授权人员可见；证件号码在各处均部分隐藏，查看完整号码会被记录。每类信息的保存期限以本公司隐私页面所列为准，到期后自动删除或匿名化。您可随时在本公司隐私页面以验证码证明身份后，查看、下载我们保存的您的数据，申请删除，或撤回人脸识别同意。',
  en: 'When you visit, we collect your name, mobile number, e-mail, company, ID document type and number, photo (where one is taken), signature, the times of your visit and passes, and what your visitor type asks for. We use them to register you, tell your host you have arrived, keep the site safe, run safety inductions, and keep the visitor records the law requires. Only people authorised by us see them; your ID number is shown partly hidden everywhere, and each view of it in full is recorded. Each kind of data is kept no longer than our privacy page says, then deleted or anonymised. On our privacy page, after proving who you are with a one-time code, you can see and download what we hold about you, ask us to erase it, and withdraw your consent to face recognition.',
};

/** The product's text of each kind a company writes itself, its version 1 until it does. */
export const DEFAULT_TEXTS: Readonly<Record<WrittenAgreementKind, Readonly<Record<Lang, string>>>> = {
  face: DEFAULT_FACE_CONSENT,
  privacy: DEFAULT_PRIVACY_NOTICE,
};
