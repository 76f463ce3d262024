import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { mailTexts } from '@shipdeck/shared/mail';
import type { ReactElement } from 'react';
import { createElement as h } from 'react';

/** Marks the spelled-out action URL, which the text part leaves out: it has the link already. */
export const URL_ECHO_CLASS = 'url-echo';

export interface MailLayoutProps {
  /** The line mail clients show beside the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** The one thing to do, as a button (and as a plain URL in the text part). */
  action?: { label: string; url: string };
  /** Said after the button: expiry, "not you?". */
  after?: string[];
  /** Facts as label: value lines (commit, pull request, author), a value optionally linked. */
  details?: MailDetail[];
  /** Titled lists (the digest's); a section with no items is left out. */
  sections?: MailSection[];
  /** Notifications and the digest: the footer's one-click way out (RFC 8058's link too). */
  unsubscribe?: { label: string; url: string };
  publicUrl: string;
}

export interface MailDetail {
  label: string;
  value: string;
  url?: string;
}

export interface MailSection {
  title: string;
  items: { text: string; url?: string }[];
}

// Inline styles: many mail clients drop <style> blocks. Calm, like the app: neutral, one accent.
const styles = {
  body: {
    backgroundColor: '#f6f6f7',
    fontFamily: 'system-ui, -apple-system, Segoe UI, sans-serif',
  },
  container: {
    backgroundColor: '#ffffff',
    margin: '24px auto',
    padding: '24px',
    maxWidth: '520px',
  },
  heading: { fontSize: '20px', fontWeight: 600, color: '#111111', margin: '0 0 16px' },
  text: { fontSize: '14px', lineHeight: '22px', color: '#333333' },
  button: {
    backgroundColor: '#111111',
    color: '#ffffff',
    padding: '10px 16px',
    borderRadius: '6px',
    fontSize: '14px',
    fontWeight: 600,
  },
  footer: { fontSize: '12px', color: '#777777' },
  link: { color: '#111111', textDecoration: 'underline' },
  sectionTitle: { fontSize: '15px', fontWeight: 600, color: '#111111', margin: '20px 0 4px' },
  item: { fontSize: '14px', lineHeight: '20px', color: '#333333', margin: '4px 0' },
} as const;

/** Text, or a link when there is somewhere to go: the text part keeps the URL beside it. */
function linked(text: string, url: string | undefined): ReactElement | string {
  return url ? h(Link, { href: url, style: styles.link }, text) : text;
}

function detailLines(details: MailDetail[]): ReactElement[] {
  return details.map((detail, index) =>
    h(
      Text,
      { key: `d${index}`, style: styles.item },
      `${detail.label}: `,
      linked(detail.value, detail.url),
    ),
  );
}

function sectionBlocks(sections: MailSection[]): ReactElement[] {
  return sections
    .filter((section) => section.items.length > 0)
    .map((section, index) =>
      h(
        Section,
        { key: `s${index}` },
        h(Heading, { as: 'h2', style: styles.sectionTitle }, section.title),
        ...section.items.map((item, itemIndex) =>
          h(Text, { key: `i${itemIndex}`, style: styles.item }, '• ', linked(item.text, item.url)),
        ),
      ),
    );
}

/** The frame every message shares; each kind's template fills it (mail-templates.ts). */
export function MailLayout(props: MailLayoutProps): ReactElement {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, props.preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, props.heading),
        ...props.paragraphs.map((paragraph, index) =>
          h(Text, { key: `p${index}`, style: styles.text }, paragraph),
        ),
        ...detailLines(props.details ?? []),
        ...sectionBlocks(props.sections ?? []),
        props.action
          ? h(
              Section,
              { style: { margin: '20px 0' } },
              h(Button, { href: props.action.url, style: styles.button }, props.action.label),
              // The address spelled out too: some clients block buttons, and the text part needs it.
              h(Text, { className: URL_ECHO_CLASS, style: styles.footer }, props.action.url),
            )
          : null,
        ...(props.after ?? []).map((paragraph, index) =>
          h(Text, { key: `a${index}`, style: styles.text }, paragraph),
        ),
        h(Hr, null),
        h(Text, { style: styles.footer }, mailTexts.footer(props.publicUrl)),
        props.unsubscribe
          ? h(
              Text,
              { style: styles.footer },
              linked(props.unsubscribe.label, props.unsubscribe.url),
            )
          : null,
      ),
    ),
  );
}
