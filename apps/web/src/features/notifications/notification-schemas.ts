// The contracts' schemas of the notification calls the signed-in frame does not make at once (those are
// checked by virtual:read-checks): zod and these load with the first such call.
export { ackRequestSchema, notificationSchema } from '@wsm/contracts';
