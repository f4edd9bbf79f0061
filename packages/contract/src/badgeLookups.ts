import { lookup } from './lookupKit.js';

/** Badge (card) style of the pad settings (spec section 3 card-style options, section 9 paper). */
export const cardTypeLabels = lookup({
  0: { zh: '普通样式', en: 'Ordinary' },
  1: { zh: '自定义样式', en: 'Customized' },
});
export const cardSizeLabels = lookup({
  0: { zh: '90×60 毫米卡套', en: '90 × 60 mm sleeve' },
  1: { zh: '4 英寸纸', en: '4-inch paper' },
  2: { zh: '5 英寸纸', en: '5-inch paper' },
});
export const printTypeLabels = lookup({
  0: { zh: '彩色', en: 'Colour' },
  1: { zh: '黑白', en: 'Black and white' },
});
export const brandTypeLabels = lookup({
  0: { zh: '文字', en: 'Text' },
  1: { zh: '图片', en: 'Picture' },
});
export const brandPositionLabels = lookup({
  0: { zh: '顶部', en: 'Top' },
  1: { zh: '中部', en: 'Middle' },
  2: { zh: '底部', en: 'Bottom' },
});
export const avatarTypeLabels = lookup({
  0: { zh: '访客照片', en: 'Visitor photo' },
  1: { zh: '固定图片', en: 'Fixed picture' },
  2: { zh: '二维码', en: 'QR code' },
});
