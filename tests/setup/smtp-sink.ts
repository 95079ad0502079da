import net from "node:net";

/**
 * A tiny SMTP server for tests: it speaks just enough SMTP for nodemailer (EHLO, MAIL,
 * RCPT, DATA, QUIT) and keeps what it receives. `refuse` makes it turn recipients away
 * (550), as a real server does for an unknown mailbox.
 */
export type ReceivedMail = { from: string; to: string[]; data: string };

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
        if (verb === "EHLO" || verb === "HELO") reply("250 sink");
        else if (verb === "MAIL") (mail.from = line.slice(10).trim(), reply("250 ok"));
        else if (verb === "RCPT") {
          if (state.refuse) reply("550 mailbox unavailable");
          else (mail.to.push(line.slice(8).trim()), reply("250 ok"));
        } else if (verb === "DATA") (inData = true, reply("354 go ahead"));
        else if (verb === "QUIT") (reply("221 bye"), socket.end());
        else reply("250 ok"); // RSET, NOOP
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
