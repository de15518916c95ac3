import { WEBHOOK_EVENT_STATES, type WebhookEventState } from '@ute/contract';
import type { BadgeTone } from '../../components/ui';

/** Each state's colour: processed green, ignored grey, failed red, received (waiting for its job) yellow. */
export const WEBHOOK_STATE_TONES: Record<WebhookEventState, BadgeTone> = {
  received: 'yellow',
  processed: 'green',
  ignored: 'grey',
  failed: 'red',
};

/** The State filter's choices: all, then each state as the api names it. */
export const WEBHOOK_STATE_OPTIONS: { value: '' | WebhookEventState; label: string }[] = [
  { value: '', label: 'All' },
  ...WEBHOOK_EVENT_STATES.map((state) => ({ value: state, label: state })),
];

/** The URL's state, or none (every state) for anything else. */
export const asWebhookState = (value: string): WebhookEventState | undefined => WEBHOOK_EVENT_STATES.find((state) => state === value);
