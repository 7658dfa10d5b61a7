-- Sign-in: server-side sessions (express-session's store) and the chat-community links that the
-- Discord flow will write. Users and admins already exist (0001).
CREATE TABLE sessions (
  sid        text PRIMARY KEY,
  sess       jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
-- Expired rows are pruned by range; reads also filter on it.
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- E-mails from Google arrive in any case; sign-in and the operators' CLI match them case-insensitively.
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));

CREATE TABLE discord_links (
  user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  discord_id  text NOT NULL UNIQUE,
  username    text NOT NULL,
  global_name text,
  avatar      text,
  linked_at   timestamptz NOT NULL DEFAULT now()
);
