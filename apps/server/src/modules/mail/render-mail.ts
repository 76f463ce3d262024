import { render } from '@react-email/render';
import type { MailPayload } from './mail-payload.js';
import type { MailTemplateContext } from './templates/mail-templates.js';
import { draftMail } from './templates/mail-templates.js';
import { URL_ECHO_CLASS } from './templates/mail-layout.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Both parts from the one template, so the text part never drifts from the HTML. */
export async function renderMail(
  payload: MailPayload,
  ctx: MailTemplateContext,
): Promise<RenderedMail> {
  const draft = draftMail(payload, ctx);
  const [html, text] = await Promise.all([
    render(draft.element),
    render(draft.element, {
      plainText: true,
      htmlToTextOptions: {
        selectors: [
          { selector: `p.${URL_ECHO_CLASS}`, format: 'skip' },
          { selector: 'h1', options: { uppercase: false } },
          { selector: 'h2', options: { uppercase: false } },
        ],
      },
    }),
  ]);
  return { subject: draft.subject, html, text };
}
