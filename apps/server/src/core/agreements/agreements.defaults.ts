import type { Lang } from '@openvisit/contract';

/**
 * The consent to face recognition a company has until it writes its own (version 1): what is taken, what for, where it
 * goes, for how long, how to withdraw, and that saying no changes nothing for the visit (PIPL art. 29 and the face
 * recognition measures of June 2025; GDPR art. 9).
 */
export const DEFAULT_FACE_CONSENT: Readonly<Record<Lang, string>> = {
  zh: '人脸识别为自愿选择，与来访协议分开征求。如您同意，登记或签到时拍摄的您的面部照片将发送至您本次来访可通行的门禁人脸终端，以便您刷脸通行；来访结束后即从终端删除，照片的保存不超过本公司的保留期限。您可随时在本公司的隐私页面撤回同意，照片随即删除。如不同意，您的来访不受任何影响：照片（如拍摄）仅用于访客证，您可使用二维码、卡片或证件通行。',
  en: 'Face recognition is your choice, asked apart from the visit’s terms. If you agree, the photo of your face taken at registration or check-in is also sent to the face terminals of the doors your visit opens, so that you pass by showing your face; it is removed from the terminals when your visit ends and kept no longer than our retention rules say. You can withdraw this consent at any time on our privacy page; the photo is then deleted. If you do not agree, nothing changes for your visit: your photo, where one is taken, is for your badge only, and you pass with your QR code, card or ID document.',
};
