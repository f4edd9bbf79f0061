import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { exportCards } from './interimCards.export.js';
import * as cards from './interimCards.service.js';

export const interimCardsRoutes = [
  bind(c.addInterimCard, (input, ctx) => cards.apply(ctx, input)),
  bind(c.updateInterimCard, (input, ctx) => cards.lend(ctx, input)),
  bind(c.refuseInterimCard, (input, ctx) => cards.refuse(ctx, input)),
  bind(c.returnInterimCard, (input, ctx) => cards.giveBack(ctx, input)),
  bind(c.getInterimCard, (input, ctx) => cards.page(ctx, input)),
];

export const interimCardsDownloads = [bindDownload(c.exportInterimCardList, (input, ctx) => exportCards(ctx, input))];
