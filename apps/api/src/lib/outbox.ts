import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  purpose: string;
  subject?: string;
  text: string;
  code?: string;
  link?: string;
  at: string;
}

/** The default provider for SMS and e-mail: one JSON line per message in DATA_DIR/outbox.jsonl. */
export class Outbox {
  readonly file: string;
  /** Demo mode: also show each message where the operator reads (the portal's terminal). */
  echo?: (msg: OutboxMessage) => void;
  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'outbox.jsonl');
  }

  async append(msg: Omit<OutboxMessage, 'at'>): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    const message: OutboxMessage = { ...msg, at: new Date().toISOString() };
    await fs.promises.appendFile(this.file, JSON.stringify(message) + '\n', { mode: 0o600 });
    this.echo?.(message);
  }

  /** Newest first. */
  async read(limit = 100): Promise<OutboxMessage[]> {
    let text: string;
    try {
      text = await fs.promises.readFile(this.file, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter(Boolean)
      .slice(-limit)
      .map((l) => JSON.parse(l) as OutboxMessage)
      .reverse();
  }
}
