/** Short texts people write: chat messages, topic names, contact requests. */

import { z } from 'zod';
import { hasControlCharacters } from '../text';
import { boundedText } from './blocks';

export const MESSAGE_MIN_LENGTH = 1;
export const MESSAGE_MAX_LENGTH = 2000;
export const TOPIC_NAME_MIN_LENGTH = 2;
export const TOPIC_NAME_MAX_LENGTH = 50;
export const CONTACT_TITLE_MIN_LENGTH = 3;
export const CONTACT_TITLE_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

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
  title: boundedText({
    min: CONTACT_TITLE_MIN_LENGTH,
    max: CONTACT_TITLE_MAX_LENGTH,
    tooShort: 'contact-title-too-short',
    tooLong: 'contact-title-too-long',
  }),
  message: boundedText({
    min: CONTACT_MESSAGE_MIN_LENGTH,
    max: CONTACT_MESSAGE_MAX_LENGTH,
    tooShort: 'contact-message-too-short',
    tooLong: 'contact-message-too-long',
  }),
});
