import type { TFunction } from 'i18next';
import type { SlotChoice } from '../../model/wizard';

/** "Under Somchai Jaidee (M1000001), left side" or, without a name, "Under M1000001, left side". */
export function slotLabel(t: TFunction<'organization'>, slot: SlotChoice): string {
  const side = t(`sideWords.${slot.position}`);
  return slot.uplineName
    ? t('wizard.location.slotNamed', { name: slot.uplineName, code: slot.uplineCode, side })
    : t('wizard.location.slot', { code: slot.uplineCode, side });
}

export const slotValue = (slot: Pick<SlotChoice, 'uplineId' | 'position'>) =>
  `${slot.uplineId}:${slot.position}`;
