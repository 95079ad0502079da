import net from "node:net";

/**
 * A tiny SMTP server for tests: it speaks just enough SMTP for nodemailer (EHLO, MAIL,
 * RCPT, DATA, QUIT) and keeps what it receives. `refuse` makes it turn recipients away
 * (550), as a real server does for an unknown mailbox.
 *
 * For the outbox relay's tests (decision 0089):
 * - a mail counts as received when the sink answers 250 to its data, as a real server
 *   takes responsibility for it then; `count(messageId)` says how often one message came;
 * - `hold` keeps the 250 back: the mail waits in `held` (the sender is mid-send) until
 *   `release()`; a held mail whose connection drops first was never accepted;
 * - `greet: false` accepts connections and never says a word (a hanging server).
 */
export type ReceivedMail = { from: string; to: string[]; data: string; messageId: string | null };

function answer(verb: string, refuse: boolean): string {
  if (verb === "EHLO" || verb === "HELO") return "250 sink";
  if (verb === "RCPT" && refuse) return "550 mailbox unavailable";
  if (verb === "DATA") return "354 go ahead";
  if (verb === "QUIT") return "221 bye";
  return "250 ok"; // MAIL, RCPT, RSET, NOOP
}

const messageIdOf = (data: string) => /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(data)?.[1] ?? null;

export async function startSmtpSink({ greet = true }: { greet?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const held: { mail: ReceivedMail; accept: () => void }[] = [];
  const state = { refuse: false, hold: false };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (!greet) return;
    let buffer = "";
    let mail: ReceivedMail = { from: "", to: [], data: "", messageId: null };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          mail.messageId = messageIdOf(mail.data);
          buffer = buffer.slice(end + 5);
          inData = false;
          const done = mail;
          mail = { from: "", to: [], data: "", messageId: null };
          const accept = () => {
            if (socket.destroyed) return; // the sender is gone: never accepted
            received.push(done);
            reply("250 queued");
          };
          if (state.hold) {
            const entry = { mail: done, accept };
            held.push(entry);
            socket.once("close", () => {
              const index = held.indexOf(entry);
              if (index >= 0) held.splice(index, 1);
            });
            return;
          }
          accept();
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") mail.from = line.slice(10).trim();
        if (verb === "RCPT" && !state.refuse) mail.to.push(line.slice(8).trim());
        if (verb === "DATA") inData = true;
        reply(answer(verb, state.refuse));
        if (verb === "QUIT") socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held,
    state,
    /** How many times the message with this Message-ID was accepted. */
    count: (messageId: string) => received.filter((m) => m.messageId === messageId).length,
    /** Accepts the held mails and stops holding. */
    release() {
      state.hold = false;
      for (const entry of held.splice(0)) entry.accept();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
