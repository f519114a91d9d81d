import type { ReactNode } from 'react';
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { PRODUCT_NAME, previewText, type EmailContent } from './email-content';

const page = { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '24px 32px' };
const brand = { color: '#52525b', fontSize: '13px', fontWeight: 600, letterSpacing: '0.04em', margin: '0 0 16px', textTransform: 'uppercase' as const };
const paragraph = { color: '#18181b', fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' };
const button = { backgroundColor: '#1d4ed8', borderRadius: '6px', color: '#ffffff', fontSize: '15px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' };
const line = { color: '#1d4ed8', fontSize: '15px', lineHeight: '22px' };
const footer = { color: '#71717a', fontSize: '12px', lineHeight: '18px', margin: '0' };

/*
 * The layout is authored here, in parts, and ./email-template.tsx renders each part once
 * (at build time for the Lambda bundles) into a template that ./render-email.ts fills per email.
 * EmailLayout puts the parts together the same way; the tests check that both give the same email.
 */

/** The page around every email: the inbox preview line, the grey background, the white card. */
export function EmailFrame({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>{children}</Container>
      </Body>
    </Html>
  );
}

/** The conference's name (or the product's) above the message; also the greeting, paragraphs and closing note. */
export const Brand = ({ text }: { text: string }) => <Text style={brand}>{text}</Text>;
export const Paragraph = ({ text }: { text: string }) => <Text style={paragraph}>{text}</Text>;

/** A digest's lines, each with its own link. */
export const ItemList = ({ children }: { children: ReactNode }) => (
  <Section>
    <ul>{children}</ul>
  </Section>
);
export const ItemLine = ({ text, url }: { text: string; url: string }) => (
  <li style={line}>
    <Link href={url} style={line}>
      {text}
    </Link>
  </li>
);

/** The one call to action. */
export const Action = ({ label, url }: { label: string; url: string }) => (
  <Section style={{ margin: '20px 0' }}>
    <Button href={url} style={button}>
      {label}
    </Button>
  </Section>
);

/** Who sends the email, and the unsubscribe link when it is a notification. */
export const Footer = ({ conferenceName, unsubscribeUrl }: { conferenceName?: string; unsubscribeUrl?: string }) => (
  <>
    <Hr />
    <Text style={footer}>
      {PRODUCT_NAME}
      {conferenceName ? ` for ${conferenceName}` : ''}.
      {unsubscribeUrl ? (
        <>
          {' '}
          You receive this because email notifications are on in your profile.{' '}
          <Link href={unsubscribeUrl} style={footer}>
            Unsubscribe
          </Link>
        </>
      ) : null}
    </Text>
  </>
);

/**
 * The one layout of every email the app sends (notifications, digests, invitations, email
 * confirmations): the conference's name, the message, one call to action, a digest's lines
 * with their links, and a footer with the unsubscribe link when the email is a notification.
 */
export function EmailLayout({ content, unsubscribeUrl }: { content: EmailContent; unsubscribeUrl?: string }) {
  const { conferenceName, greeting, paragraphs, action, items, note } = content;
  return (
    <EmailFrame preview={previewText(content)}>
      <Brand text={conferenceName ?? PRODUCT_NAME} />
      {greeting ? <Paragraph text={greeting} /> : null}
      {paragraphs.map((text, index) => (
        <Paragraph key={index} text={text} />
      ))}
      {items?.length ? (
        <ItemList>
          {items.map((item, index) => (
            <ItemLine key={index} text={item.text} url={item.url} />
          ))}
        </ItemList>
      ) : null}
      {action ? <Action label={action.label} url={action.url} /> : null}
      {note ? <Paragraph text={note} /> : null}
      <Footer conferenceName={conferenceName} unsubscribeUrl={unsubscribeUrl} />
    </EmailFrame>
  );
}
