/** Short texts people write: chat messages, topic names, contact requests. */

import { z } from 'zod';
import { hasControlCharacters } from '../text';
import { boundedText } from './blocks';
import { CONTACT_MESSAGE_BOUNDS, CONTACT_TITLE_BOUNDS } from '../contact/form';

export {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_TITLE_MAX_LENGTH,
  CONTACT_TITLE_MIN_LENGTH,
} from '../contact/form';

export const MESSAGE_MIN_LENGTH = 1;
export const MESSAGE_MAX_LENGTH = 2000;
export const TOPIC_NAME_MIN_LENGTH = 2;
export const TOPIC_NAME_MAX_LENGTH = 50;

export const messageTextSchema = boundedText({
  min: MESSAGE_MIN_LENGTH,
  max: MESSAGE_MAX_LENGTH,
  tooShort: 'message-too-short',
  tooLong: 'message-too-long',
  invalid: 'message-invalid',
  isValid: (message) => !hasControlCharacters(message),
});

const topicName = boundedText({
  min: TOPIC_NAME_MIN_LENGTH,
  max: TOPIC_NAME_MAX_LENGTH,
  tooShort: 'topic-name-too-short',
  tooLong: 'topic-name-too-long',
});

export const topicSchema = z.object({ nameAr: topicName, nameEn: topicName });

export const contactRequestSchema = z.object({
  title: boundedText(CONTACT_TITLE_BOUNDS),
  message: boundedText(CONTACT_MESSAGE_BOUNDS),
});
