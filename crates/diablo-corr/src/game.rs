//! [`Game`]: a whole correspondence game, checked message by message as
//! it is built or read from a link.

use crate::{
    Body, CorrError, Due, GameId, Header, Keys, MAX_NAME, Message, Progress, Role, VALUE_LEN,
    Value, crypto, keys, wire,
};
use diablo_core::{Color, Edition, Outcome, Position, Record, Roll, Turn, TurnIndexError};
use std::fmt::Write as _;

/// A whole correspondence game, checked message by message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    header: Header,
    id: GameId,
    messages: Vec<Message>,
    /// Encoded bytes of each message (for the transcript and comparisons).
    wire: Vec<Vec<u8>>,
    /// Transcript hash after each message; `transcripts[0]` is before any.
    transcripts: Vec<[u8; 32]>,
    record: Record,
    resigned: Option<Color>,
}

impl Game {
    /// An empty game for a header (no message yet).
    fn empty(header: Header) -> Result<Game, CorrError> {
        let start = Position::start(u32::from(header.size)).map_err(|_| CorrError::BadSize)?;
        let id = crypto::game_id(&wire::header_bytes(&header));
        Ok(Game {
            header,
            id,
            messages: Vec::new(),
            wire: Vec::new(),
            transcripts: vec![crypto::transcript(&[0; 32], &id)],
            record: Record::new(header.edition, start),
            resigned: None,
        })
    }

    /// A new game: the invitation (message 0) and the inviter's keys.
    ///
    /// # Errors
    /// A bad size or name.
    pub fn invite(
        size: u32,
        edition: Edition,
        color: Color,
        name: &str,
        nonce: [u8; 16],
        seed: [u8; 32],
    ) -> Result<(Game, Keys), CorrError> {
        let n = diablo_core::check_size(size).map_err(|_| CorrError::BadSize)?;
        let header = Header {
            size: n,
            edition,
            inviter: color,
            nonce,
        };
        let game = Game::empty(header)?;
        let keys = Keys::new(game.id, Role::Inviter, seed);
        let name = clean_name(name, 0)?;
        let game = game.with(&keys, Body::Join { name, bound: None })?;
        let keys = keys.with_link(&game);
        Ok((game, keys))
    }

    /// A new game whose invitation is bound to `statement` (its maker's
    /// identity key and the terms it is offered on, as the server words
    /// them): the nonce is [`owned_nonce`](crate::owned_nonce) of the
    /// seed's salt ([`Keys::owner_salt`]) and the statement, so only the
    /// holder of these keys can show who made the invitation, and nobody
    /// can say it was made by anyone else, or on other terms.
    ///
    /// # Errors
    /// As [`Game::invite`].
    pub fn invite_owned(
        size: u32,
        edition: Edition,
        color: Color,
        name: &str,
        statement: &str,
        seed: [u8; 32],
    ) -> Result<(Game, Keys), CorrError> {
        let nonce = crypto::owned_nonce(&crypto::owner_salt(&seed), statement);
        Game::invite(size, edition, color, name, nonce, seed)
    }

    /// Whether this game's invitation was bound to `statement` with `salt`
    /// ([`Game::invite_owned`]).
    #[must_use]
    pub fn owned_by(&self, salt: &[u8; 16], statement: &str) -> bool {
        self.header.nonce == crypto::owned_nonce(salt, statement)
    }

    /// Accepts an invitation: message 1 and the accepter's keys.
    ///
    /// # Errors
    /// [`CorrError::NotDue`] unless this is an invitation; a bad name.
    pub fn accept(&self, name: &str, seed: [u8; 32]) -> Result<(Game, Keys), CorrError> {
        self.accept_bound(name, seed, |_| None)
    }

    /// Accepts an invitation bound to `statement` (the accepter's identity
    /// key, as the server words it): the join carries
    /// [`owned_nonce`](crate::owned_nonce) of the seed's salt
    /// ([`Keys::owner_salt`]) and the statement, so only the holder of
    /// these keys can show who accepted, and nobody can say anyone else
    /// did.
    ///
    /// # Errors
    /// As [`Game::accept`].
    pub fn accept_owned(
        &self,
        name: &str,
        statement: &str,
        seed: [u8; 32],
    ) -> Result<(Game, Keys), CorrError> {
        self.accept_bound(name, seed, |seed| {
            Some(crypto::owned_nonce(&crypto::owner_salt(seed), statement))
        })
    }

    /// Whether this game's accepting message was bound to `statement` with
    /// `salt` ([`Game::accept_owned`]).
    #[must_use]
    pub fn accepted_by(&self, salt: &[u8; 16], statement: &str) -> bool {
        matches!(
            self.messages.get(1).map(|m| &m.body),
            Some(Body::Join { bound: Some(b), .. }) if *b == crypto::owned_nonce(salt, statement)
        )
    }

    fn accept_bound(
        &self,
        name: &str,
        seed: [u8; 32],
        bind: impl FnOnce(&[u8; 32]) -> Option<[u8; 16]>,
    ) -> Result<(Game, Keys), CorrError> {
        if self.due() != Due::Accept {
            return Err(CorrError::NotDue {
                wanted: "an answer to an invitation",
                due: self.due_text(),
            });
        }
        let keys = Keys::new(self.id, Role::Accepter, seed);
        let name = clean_name(name, 1)?;
        let bound = bind(&seed);
        let game = self.with(&keys, Body::Join { name, bound })?;
        let keys = keys.with_link(&game);
        Ok((game, keys))
    }

    /// The inviter's start message, when the accepter plays Black.
    ///
    /// # Errors
    /// Foreign keys, or when no start message is due from this player.
    pub fn start(&self, keys: &Keys) -> Result<Game, CorrError> {
        self.check_keys(keys)?;
        if self.due() != Due::Start || keys.role != Role::Inviter {
            return Err(self.not_yours(keys, "a start message"));
        }
        self.with(keys, Body::Start)
    }

    /// The roll of the turn `keys`' player is to play now. The same link
    /// always gives the same roll.
    ///
    /// # Errors
    /// Foreign keys; not this player's turn.
    pub fn roll(&self, keys: &Keys) -> Result<Roll, CorrError> {
        self.check_keys(keys)?;
        match self.due() {
            Due::Turn { role, .. } if role == keys.role => {}
            _ => return Err(self.not_yours(keys, "a turn")),
        }
        let k = self.own_index(keys.role);
        let mine = keys.value(&self.header, k);
        Ok(self.roll_for(&mine))
    }

    /// Plays `keys`' player's turn (checked against the derived roll) and
    /// returns the game with the new message.
    ///
    /// # Errors
    /// As [`Game::roll`]; an illegal turn for that roll.
    pub fn play(&self, keys: &Keys, turn: &Turn) -> Result<Game, CorrError> {
        let roll = self.roll(keys)?;
        self.record
            .last()
            .play(self.header.edition, roll, turn)
            .map_err(|e| CorrError::Illegal {
                roll,
                turn: turn.to_string(),
                reason: e.to_string(),
            })?;
        self.with(keys, Body::Turn(*turn))
    }

    /// `keys`' player resigns (allowed when it is their turn).
    ///
    /// # Errors
    /// Foreign keys; not this player's turn.
    pub fn resign(&self, keys: &Keys) -> Result<Game, CorrError> {
        self.check_keys(keys)?;
        match self.due() {
            Due::Turn { role, .. } if role == keys.role => self.with(keys, Body::Resign),
            _ => Err(self.not_yours(keys, "a resignation")),
        }
    }

    /// This game plus a message from `keys`' player, checked like a
    /// received one.
    fn with(&self, keys: &Keys, body: Body) -> Result<Game, CorrError> {
        let value = keys.value(&self.header, self.own_index(keys.role));
        let mut game = self.clone();
        game.push(Message { value, body })?;
        Ok(game)
    }

    /// How many messages `role` has sent: the index of its next value.
    fn own_index(&self, role: Role) -> u32 {
        // Messages alternate, the inviter sending the even ones.
        let n = self.messages.len();
        let sent = match role {
            Role::Inviter => n.div_ceil(2),
            Role::Accepter => n / 2,
        };
        u32::try_from(sent).unwrap_or(u32::MAX)
    }

    /// The roll for the due turn, given the mover's value.
    fn roll_for(&self, mover: &Value) -> Roll {
        let before = self.transcripts[self.messages.len()];
        let other = self.messages.last().map_or([0; VALUE_LEN], |m| m.value);
        crypto::derive_roll(
            &self.id,
            &before,
            mover,
            &other,
            self.record.last().die_faces(),
        )
    }

    /// Checks and appends one message: its sender's chain, its kind at this
    /// point of the game, and for a turn its legality with the derived roll.
    fn push(&mut self, message: Message) -> Result<(), CorrError> {
        self.check_value(&message.value)?;
        self.push_checked(message, None)
    }

    /// [`Game::push`] for a message whose value [`Game::check_value`] has
    /// passed; `known` is the turn's index when it was read from a link.
    fn push_checked(&mut self, message: Message, known: Option<u32>) -> Result<(), CorrError> {
        let index = self.messages.len();
        let role = Role::of_message(index);
        let color = self.header.color_of(role);
        let due = self.due();
        let turn_index = match (&message.body, due) {
            (Body::Join { name, .. }, _) if index < 2 => {
                if clean_name(name, index)? != *name {
                    return Err(CorrError::BadName { message: index });
                }
                None
            }
            (Body::Start, Due::Start) => None,
            (Body::Turn(turn), Due::Turn { color: mover, .. }) if mover == color => {
                let roll = self.roll_for(&message.value);
                let refused = |reason: String, pos: &Position| CorrError::TurnRefused {
                    message: index,
                    turn_number: pos.turn_number(),
                    reason,
                };
                let pos = self.record.last();
                let turn_number = pos.turn_number();
                let found = match known {
                    // Read from a link: the index the turn was taken from.
                    Some(i) => Ok(i as usize),
                    None => rank_of(pos, self.header.edition, roll, turn)
                        .map_err(|e| refused(e.to_string(), pos))?,
                };
                let Ok(i) = found else {
                    let reason = match pos.play(self.header.edition, roll, turn) {
                        Err(e) => e.to_string(),
                        Ok(_) => "not among the legal turns".into(),
                    };
                    return Err(refused(format!("roll {roll}, {turn}: {reason}"), pos));
                };
                self.record
                    .push(roll, *turn)
                    .map_err(|e| CorrError::TurnRefused {
                        message: index,
                        turn_number,
                        reason: e.to_string(),
                    })?;
                Some(u32::try_from(i).unwrap_or(u32::MAX))
            }
            (Body::Resign, Due::Turn { color: mover, .. }) if mover == color => {
                self.resigned = Some(color);
                None
            }
            (body, _) => {
                return Err(CorrError::Unexpected {
                    message: index,
                    found: body_name(body),
                    due: self.due_text(),
                });
            }
        };
        let bytes = wire::message_bytes(&message, turn_index);
        let t = crypto::transcript(&self.transcripts[index], &bytes);
        self.transcripts.push(t);
        self.wire.push(bytes);
        self.messages.push(message);
        Ok(())
    }

    /// Checks the value of the next message against its sender's chain:
    /// every value after a player's first steps down to the one before it.
    fn check_value(&self, value: &Value) -> Result<(), CorrError> {
        let index = self.messages.len();
        let role = Role::of_message(index);
        let k = self.own_index(role);
        if k == 0 {
            return Ok(());
        }
        let prev = index.checked_sub(2).map(|j| self.messages[j].value);
        if prev != Some(crypto::chain_step(&self.id, role, k, value)) {
            return Err(CorrError::BadReveal {
                message: index,
                color: self.header.color_of(role),
            });
        }
        Ok(())
    }

    /// The turn with this index among the sorted legal turns of the due
    /// turn, whose mover reveals `value` (for reading a link). Found by
    /// counting the turns under each first action, not by listing them
    /// ([`Position::legal_turn_at`]).
    fn turn_at(&self, value: &Value, index: u32) -> Result<Turn, CorrError> {
        let message = self.messages.len();
        let pos = self.record.last();
        let roll = self.roll_for(value);
        let refused = |reason: String| CorrError::TurnRefused {
            message,
            turn_number: pos.turn_number(),
            reason,
        };
        pos.legal_turn_at(self.header.edition, roll, u64::from(index))
            .map_err(|e| match e {
                TurnIndexError::Play(e) => refused(e.to_string()),
                TurnIndexError::OutOfRange { count, .. } => refused(format!(
                    "turn number {} of {count} legal turns for roll {roll} does not exist",
                    u64::from(index) + 1,
                )),
            })
    }

    /// What the game waits for.
    #[must_use]
    pub fn due(&self) -> Due {
        if let Some(loser) = self.resigned {
            return Due::Over {
                winner: loser.other(),
                resigned: true,
            };
        }
        if let Outcome::Won(winner) = self.record.last().outcome() {
            return Due::Over {
                winner,
                resigned: false,
            };
        }
        match self.messages.len() {
            0 | 1 => Due::Accept,
            2 if self.header.inviter == Color::Green => Due::Start,
            _ => {
                let color = self.record.last().side_to_move();
                Due::Turn {
                    color,
                    role: self.header.role_of(color),
                }
            }
        }
    }

    /// The role whose message is due, if any.
    #[must_use]
    pub fn due_role(&self) -> Option<Role> {
        match self.due() {
            Due::Over { .. } => None,
            _ => Some(Role::of_message(self.messages.len())),
        }
    }

    fn due_text(&self) -> String {
        match self.due() {
            Due::Accept if self.messages.is_empty() => "the invitation".into(),
            Due::Accept => "the answer to the invitation".into(),
            Due::Start => "the inviter's start message".into(),
            Due::Turn { color, .. } => format!(
                "{}'s turn {}",
                color.name(),
                self.record.last().turn_number()
            ),
            Due::Over { winner, .. } => {
                format!("nothing: the game is over ({} won)", winner.name())
            }
        }
    }

    fn not_yours(&self, keys: &Keys, wanted: &'static str) -> CorrError {
        CorrError::NotYourTurn {
            you: self.header.color_of(keys.role),
            wanted,
            due: self.due_text(),
        }
    }

    /// Checks that `keys` belong to this game and match the values their
    /// player has revealed.
    ///
    /// # Errors
    /// [`CorrError::ForeignKeys`], [`CorrError::KeysMismatch`].
    pub fn check_keys(&self, keys: &Keys) -> Result<(), CorrError> {
        if keys.id()? != self.id {
            return Err(CorrError::ForeignKeys);
        }
        let last_own = self
            .messages
            .iter()
            .enumerate()
            .rev()
            .find(|(j, _)| Role::of_message(*j) == keys.role);
        if let Some((j, m)) = last_own {
            let k = u32::try_from(j / 2).unwrap_or(u32::MAX);
            if keys.value(&self.header, k) != m.value {
                return Err(CorrError::KeysMismatch);
            }
        }
        Ok(())
    }

    /// How `newer` (a link just received) relates to this stored game.
    ///
    /// # Errors
    /// [`CorrError::OtherGame`], [`CorrError::Stale`] (an older link of
    /// this game), [`CorrError::Diverges`] (a different history).
    pub fn compare(&self, newer: &Game) -> Result<Progress, CorrError> {
        if newer.id != self.id {
            return Err(CorrError::OtherGame);
        }
        let common = self.wire.len().min(newer.wire.len());
        if let Some(j) = (0..common).find(|&j| self.wire[j] != newer.wire[j]) {
            return Err(CorrError::Diverges { message: j });
        }
        match newer.wire.len().cmp(&self.wire.len()) {
            std::cmp::Ordering::Less => Err(CorrError::Stale {
                link: newer.wire.len(),
                stored: self.wire.len(),
            }),
            std::cmp::Ordering::Equal => Ok(Progress::Same),
            std::cmp::Ordering::Greater => Ok(Progress::Newer(newer.wire.len() - self.wire.len())),
        }
    }

    /// The link text.
    #[must_use]
    pub fn encode(&self) -> String {
        wire::encode(&self.header, &self.wire)
    }

    /// Reads and checks a whole link.
    ///
    /// # Errors
    /// [`CorrError`] saying what is wrong and where.
    pub fn decode(text: &str) -> Result<Game, CorrError> {
        let link = wire::decode(text)?;
        let mut game = Game::empty(link.header)?;
        for m in link.messages {
            game.receive(m)?;
        }
        Ok(game)
    }

    /// Takes a link of this game that may hold more messages than this
    /// one: the messages this game already holds are compared byte for
    /// byte, and only the new ones are checked (their values against their
    /// senders' chains, their turns against their derived rolls). Checking
    /// one new message costs the same however long the game is.
    ///
    /// On an error this game is left as it was.
    ///
    /// # Errors
    /// Anything [`Game::decode`] refuses in the new messages, and
    /// [`CorrError::OtherGame`], [`CorrError::Stale`] (fewer messages than
    /// held), [`CorrError::Diverges`] (a different history).
    pub fn advance(&mut self, text: &str) -> Result<Progress, CorrError> {
        let link = wire::decode(text)?;
        if link.header != self.header {
            return Err(CorrError::OtherGame);
        }
        let held = self.wire.len();
        for (j, (m, kept)) in link.messages.iter().zip(&self.wire).enumerate() {
            if link.payload[m.span.clone()] != kept[..] {
                return Err(CorrError::Diverges { message: j });
            }
        }
        match link.messages.len().cmp(&held) {
            std::cmp::Ordering::Less => {
                return Err(CorrError::Stale {
                    link: link.messages.len(),
                    stored: held,
                });
            }
            std::cmp::Ordering::Equal => return Ok(Progress::Same),
            std::cmp::Ordering::Greater => {}
        }
        let turns = self.record.turns().len();
        let resigned = self.resigned;
        for m in link.messages.into_iter().skip(held) {
            if let Err(e) = self.receive(m) {
                // Back to what was held: each list grew by at most the
                // messages taken so far.
                self.messages.truncate(held);
                self.wire.truncate(held);
                self.transcripts.truncate(held + 1);
                while self.record.turns().len() > turns {
                    self.record.pop();
                }
                self.resigned = resigned;
                return Err(e);
            }
        }
        Ok(Progress::Newer(self.wire.len() - held))
    }

    /// The proof that goes with a rematch offer made after this game: the
    /// sender's next chain value, which only the holder of `keys` can give
    /// and anyone holding the game can check ([`Game::check_rematch`]).
    ///
    /// # Errors
    /// [`CorrError::NotDue`] while the game is not over; what
    /// [`Game::check_keys`] refuses.
    pub fn rematch_proof(&self, keys: &Keys) -> Result<Value, CorrError> {
        self.check_keys(keys)?;
        if !matches!(self.due(), Due::Over { .. }) {
            return Err(CorrError::NotDue {
                wanted: "a rematch",
                due: self.due_text(),
            });
        }
        Ok(keys.value(&self.header, self.own_index(keys.role)))
    }

    /// Checks a rematch offer made after this game: `proof` must be the
    /// next value of one player's chain ([`Game::rematch_proof`]), and
    /// `invitation` a new game's invitation (its first message only).
    /// Returns the player who made the offer.
    ///
    /// The proof shows the offer comes from a player of this game, not from
    /// someone who only watched it; it is not tied to the invitation, so
    /// the first offer received from a player is the one to keep
    /// (docs/live.md).
    ///
    /// # Errors
    /// [`CorrError::NotDue`] while this game is not over;
    /// [`CorrError::NotInvitation`]; [`CorrError::OtherGame`] for an
    /// invitation to this same game; [`CorrError::BadRematch`] for a proof
    /// that matches neither player.
    pub fn check_rematch(&self, proof: &Value, invitation: &Game) -> Result<Role, CorrError> {
        if !matches!(self.due(), Due::Over { .. }) {
            return Err(CorrError::NotDue {
                wanted: "a rematch",
                due: self.due_text(),
            });
        }
        if invitation.messages.len() != 1 {
            return Err(CorrError::NotInvitation {
                messages: invitation.messages.len(),
            });
        }
        if invitation.id == self.id {
            return Err(CorrError::OtherGame);
        }
        [Role::Inviter, Role::Accepter]
            .into_iter()
            .find(|&role| {
                let k = self.own_index(role);
                let last = self
                    .messages
                    .iter()
                    .enumerate()
                    .rev()
                    .find(|(j, _)| Role::of_message(*j) == role);
                last.is_some_and(|(_, m)| crypto::chain_step(&self.id, role, k, proof) == m.value)
            })
            .ok_or(CorrError::BadRematch)
    }

    /// Checks and appends one message read from a link.
    fn receive(&mut self, m: wire::RawMessage) -> Result<(), CorrError> {
        // The value first: a forged reveal is reported as such, not as the
        // turn index it makes point nowhere.
        self.check_value(&m.value)?;
        let (body, known) = match m.body {
            wire::RawBody::Join(name, bound) => (Body::Join { name, bound }, None),
            wire::RawBody::Start => (Body::Start, None),
            wire::RawBody::Resign => (Body::Resign, None),
            wire::RawBody::Turn(i) => (Body::Turn(self.turn_at(&m.value, i)?), Some(i)),
        };
        let message = Message {
            value: m.value,
            body,
        };
        self.push_checked(message, known)
    }

    /// The header.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The game id, as 32 hexadecimal digits.
    #[must_use]
    pub fn id_hex(&self) -> String {
        keys::hex(&self.id)
    }

    /// The messages so far.
    #[must_use]
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    /// The game so far: start, rolls and turns.
    #[must_use]
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The colour that resigned, if one did.
    #[must_use]
    pub fn resigned(&self) -> Option<Color> {
        self.resigned
    }

    /// The name a player gave (empty if none, or not yet joined).
    #[must_use]
    pub fn name(&self, role: Role) -> &str {
        let j = match role {
            Role::Inviter => 0,
            Role::Accepter => 1,
        };
        match self.messages.get(j).map(|m| &m.body) {
            Some(Body::Join { name, .. }) => name,
            _ => "",
        }
    }

    /// The record as text (RULES.md section 7), with comment lines naming
    /// the players, the game and a resignation.
    #[must_use]
    pub fn record_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# correspondence game {}", self.id_hex());
        for role in [Role::Inviter, Role::Accepter] {
            let color = self.header.color_of(role);
            let name = self.name(role);
            if !name.is_empty() {
                let _ = writeln!(out, "# {}: {name}", color.name());
            }
        }
        out.push_str(&self.record.to_string());
        if let Some(c) = self.resigned {
            let _ = writeln!(out, "# {} resigned", c.name());
        }
        out
    }
}

/// Where `turn` stands among the legal turns for a roll sorted in one order
/// that does not depend on the engine's listing order (the derived order of
/// `Turn`): `Ok(Ok(index))`, or `Ok(Err(_))` when it is not legal. Counts
/// rather than lists or sorts ([`Position::legal_turn_index`]): a link holds
/// this index for each turn.
fn rank_of(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    turn: &Turn,
) -> Result<Result<usize, usize>, diablo_core::PlayError> {
    Ok(pos
        .legal_turn_index(edition, roll, turn)?
        .and_then(|i| usize::try_from(i).ok())
        .ok_or(0))
}

fn body_name(body: &Body) -> &'static str {
    match body {
        Body::Join { .. } => "a join message",
        Body::Start => "a start message",
        Body::Turn(_) => "a turn",
        Body::Resign => "a resignation",
    }
}

/// A name as it may travel: at most [`MAX_NAME`] bytes, no control
/// characters, no space at either end.
fn clean_name(name: &str, message: usize) -> Result<String, CorrError> {
    let trimmed = name.trim();
    if trimmed.len() > MAX_NAME || trimmed.chars().any(char::is_control) {
        return Err(CorrError::BadName { message });
    }
    Ok(trimmed.to_string())
}
