import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { PRODUCT_NAME, type EmailContent } from './email-content';

const page = { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '24px 32px' };
const brand = { color: '#52525b', fontSize: '13px', fontWeight: 600, letterSpacing: '0.04em', margin: '0 0 16px', textTransform: 'uppercase' as const };
const paragraph = { color: '#18181b', fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' };
const button = { backgroundColor: '#1d4ed8', borderRadius: '6px', color: '#ffffff', fontSize: '15px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' };
const line = { color: '#1d4ed8', fontSize: '15px', lineHeight: '22px' };
const footer = { color: '#71717a', fontSize: '12px', lineHeight: '18px', margin: '0' };

/**
 * The one layout of every email the app sends (notifications, digests, invitations, email
 * confirmations): the conference's name, the message, one call to action, a digest's lines
 * with their links, and a footer with the unsubscribe link when the email is a notification.
 */
export function EmailLayout({ content, unsubscribeUrl }: { content: EmailContent; unsubscribeUrl?: string }) {
  const { conferenceName, greeting, paragraphs, action, items, note } = content;
  return (
    <Html lang="en">
      <Head />
      <Preview>{paragraphs[0] ?? action?.label ?? PRODUCT_NAME}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>{conferenceName ?? PRODUCT_NAME}</Text>
          {greeting ? <Text style={paragraph}>{greeting}</Text> : null}
          {paragraphs.map((text, index) => (
            <Text key={index} style={paragraph}>
              {text}
            </Text>
          ))}
          {items?.length ? (
            <Section>
              <ul>
                {items.map((item, index) => (
                  <li key={index} style={line}>
                    <Link href={item.url} style={line}>
                      {item.text}
                    </Link>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {action ? (
            <Section style={{ margin: '20px 0' }}>
              <Button href={action.url} style={button}>
                {action.label}
              </Button>
            </Section>
          ) : null}
          {note ? <Text style={paragraph}>{note}</Text> : null}
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
        </Container>
      </Body>
    </Html>
  );
}
