import net from "node:net";

/**
 * A tiny SMTP server for tests: it speaks just enough SMTP for nodemailer (EHLO, MAIL,
 * RCPT, DATA, QUIT) and keeps what it receives. `refuse` makes it turn recipients away
 * (550), as a real server does for an unknown mailbox.
 */
export type ReceivedMail = { from: string; to: string[]; data: string };

function answer(verb: string, refuse: boolean): string {
  if (verb === "EHLO" || verb === "HELO") return "250 sink";
  if (verb === "RCPT" && refuse) return "550 mailbox unavailable";
  if (verb === "DATA") return "354 go ahead";
  if (verb === "QUIT") return "221 bye";
  return "250 ok"; // MAIL, RCPT, RSET, NOOP
}

export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = net.createServer((socket) => {
    let buffer = "";
    let mail: ReceivedMail = { from: "", to: [], data: "" };
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
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: "", to: [], data: "" };
          reply("250 queued");
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
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
