/**
 * "Messages were queued" in this process: a request calls messagesQueued() once the transaction that
 * wrote them has committed, and the message-delivery job (jobs/message-jobs.ts) is sent at once
 * instead of at its next minute. Only a nudge: a message queued without it (the engine's notices,
 * another process) goes at the job's next run all the same.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function messagesQueued(): void {
  for (const listener of listeners) listener();
}

/** Subscribes; answers the function that unsubscribes. */
export function onMessagesQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
