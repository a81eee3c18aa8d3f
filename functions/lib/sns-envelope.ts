/**
 * An SNS notification as an SQS subscription without raw message delivery puts it on a queue: the
 * published JSON (an SES or End User Messaging event, an inbound SMS) is the text in `Message`.
 */
import { z } from 'zod';

export const ZSnsEnvelope = z.object({ Type: z.string(), MessageId: z.string().min(1), Message: z.string() });
export type TSnsEnvelope = z.infer<typeof ZSnsEnvelope>;
