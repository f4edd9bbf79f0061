-- SMS through a template provider (Aliyun, Tencent Cloud) keeps the kind of message and its template values.
ALTER TABLE "mails" ADD COLUMN "template" jsonb;