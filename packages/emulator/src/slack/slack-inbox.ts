/** One message a Slack incoming webhook of the emulator accepted. */
export interface SlackMessage {
  id: number;
  receivedAt: string;
  /** The webhook's path after `/_emulator/slack`: `/services/T…/B…/…`, which names the channel. */
  webhookPath: string;
  /** The top-level `text`, which Slack shows in notifications. */
  text: string | null;
  /** Block Kit blocks as sent. */
  blocks: unknown[];
}

/** What the emulator's Slack receiver was sent, newest last, bounded like the request log. */
export class SlackInbox {
  private entries: SlackMessage[] = [];
  private nextId = 1;

  constructor(private readonly capacity = 500) {}

  record(webhookPath: string, text: string | null, blocks: unknown[]): SlackMessage {
    const message: SlackMessage = {
      id: this.nextId++,
      receivedAt: new Date().toISOString(),
      webhookPath,
      text,
      blocks,
    };
    this.entries.push(message);
    if (this.entries.length > this.capacity)
      this.entries.splice(0, this.entries.length - this.capacity);
    return message;
  }

  /** Every message, or those sent to one webhook path. */
  list(webhookPath?: string): SlackMessage[] {
    return webhookPath === undefined
      ? [...this.entries]
      : this.entries.filter((message) => message.webhookPath === webhookPath);
  }

  clear(): void {
    this.entries = [];
  }
}
