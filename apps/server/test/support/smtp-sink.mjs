// A tiny SMTP server (RFC 5321: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), run as its own process
// by test/support/smtp-server.ts. It accepts every mail and prints each as one JSON line
// `{"from","to","data"}` on stdout, after `listening {port}`. No TLS and no AUTH: the server under
// test connects to it with a plain smtp:// URL, as to a relay on its own network.
import { createServer } from 'node:net';

const server = createServer((socket) => {
  socket.setEncoding('utf8');
  let buffer = '';
  let envelope = { from: '', to: [] };
  let data = null; // the message's lines while DATA is being received
  const reply = (line) => socket.write(`${line}\r\n`);

  const command = (line) => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO') {
      reply('250-smtp-sink');
      reply('250-8BITMIME');
      reply('250 SMTPUTF8');
    } else if (verb === 'HELO') reply('250 smtp-sink');
    else if (verb === 'MAIL') {
      envelope = { from: line.replace(/^MAIL FROM:\s*<?([^>\s]*)>?.*$/i, '$1'), to: [] };
      reply('250 OK');
    } else if (verb === 'RCPT') {
      envelope.to.push(line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, '$1'));
      reply('250 OK');
    } else if (verb === 'DATA') {
      data = [];
      reply('354 End data with <CR><LF>.<CR><LF>');
    } else if (verb === 'RSET') {
      envelope = { from: '', to: [] };
      reply('250 OK');
    } else if (verb === 'NOOP') reply('250 OK');
    else if (verb === 'QUIT') {
      reply('221 Bye');
      socket.end();
    } else reply('502 Command not implemented');
  };

  socket.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data === null) {
        command(line);
      } else if (line === '.') {
        process.stdout.write(`${JSON.stringify({ ...envelope, data: data.join('\r\n') })}\n`);
        data = null;
        reply('250 OK: queued');
      } else {
        // Dot-stuffing: a line of the message that starts with a dot was sent with two.
        data.push(line.startsWith('..') ? line.slice(1) : line);
      }
    }
  });
  socket.on('error', () => {}); // a client that hangs up mid-mail: nothing to keep
  reply('220 smtp-sink ESMTP');
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
