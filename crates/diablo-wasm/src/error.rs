//! Errors as they cross to JavaScript: a stable `kind` and its parameters
//! beside the engine's English message, so the page decides by kind (is it a
//! refusal?) and words it in any language without reading the message.
//!
//! In JavaScript a failure is an `Error` whose `name` is `DiabloError`, with
//! `kind` (one of [`KINDS`]), `params` (a plain object; squares and actions
//! in notation, colours as `black`/`green`) and, for a link that fails at a
//! turn, `validRecord` (the text of the valid turns before it). A nested
//! error (the reason a record line or a link turn fails) is a parameter
//! `cause`: `{ kind, params, message }`.

use diablo_core::{
    Color, IllegalReason, LinkError, ParseActionError, ParseEditionError, ParsePositionError,
    ParseRollError, ParseSquareError, PlayError, RecordError, RecordErrorKind, RollError,
    SetupError, SizeError, TurnError,
};
use wasm_bindgen::prelude::*;

/// Every kind an error from this crate can have, in a stable spelling.
pub const KINDS: &[&str] = &[
    // Rule refusals (an action or a turn breaks a rule).
    "off-board",
    "empty-square",
    "not-your-stack",
    "not-straight",
    "wrong-distance",
    "taller-enemy",
    "second-step",
    "step-after-individual",
    "step-without-completion",
    "balancing-step",
    "not-completing",
    "removal-while-move-exists",
    "move-after-removal",
    "not-tallest",
    "balancing-single-action",
    "game-ended",
    "turn-over",
    "incomplete",
    "not-legal-here",
    "game-over",
    "die-too-big",
    // The turn under way.
    "not-rolled",
    "already-rolled",
    "roll-locked",
    "die-zero",
    "index-off-board",
    // Text that cannot be read.
    "bad-edition",
    "bad-size",
    "bad-size-number",
    "bad-level",
    "bad-roll",
    "bad-square",
    "bad-action",
    "empty-turn",
    "too-many-actions",
    "position-fields",
    "position-size",
    "position-rank-length",
    "position-token",
    "position-zero-height",
    "position-too-many",
    "position-empty",
    "position-side",
    "position-turn",
    "position-side-turn",
    // A board set up by hand whose cells do not fill it (the other
    // refusals of a set-up are a position code's kinds above).
    "setup-cells",
    "missing-header",
    "duplicate-header",
    "header-after-turns",
    "start-size",
    "bad-line",
    "record",
    // Share links.
    "link-empty",
    "link-version",
    "link-character",
    "link-truncated",
    "link-checksum",
    "link-malformed",
    "link-size",
    "link-edition",
    "link-start",
    "link-turn",
    "link-trailing",
    "link-view",
    "link-parameter",
    "link-escape",
    "link-utf8",
    "link-record",
    // Correspondence games (diablo-corr).
    "corr-not-link",
    "corr-damaged",
    "corr-forged",
    "corr-stale",
    "corr-other-game",
    "corr-diverges",
    "corr-not-your-turn",
    "corr-keys",
    "corr-rematch",
    "corr-illegal",
    "corr-name",
    // Not the player's doing.
    "no-random",
    "internal",
];

/// One parameter of a failure, as it crosses to JavaScript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    /// `null` (for example no action).
    Null,
    /// A number.
    Int(i64),
    /// Text: a square or an action in notation, a colour, what was read.
    Text(String),
    /// A list of numbers (the unused dice).
    Ints(Vec<i64>),
    /// A nested error: `{ kind, params, message }`.
    Cause(Box<Failure>),
}

macro_rules! int_param {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(v: $t) -> Param {
                i64::try_from(v).map_or(Param::Null, Param::Int)
            }
        }
    )*};
}
int_param!(u8, u16, u32, u64, usize);

impl From<&str> for Param {
    fn from(v: &str) -> Param {
        Param::Text(v.to_string())
    }
}

impl From<String> for Param {
    fn from(v: String) -> Param {
        Param::Text(v)
    }
}

impl From<Option<String>> for Param {
    fn from(v: Option<String>) -> Param {
        v.map_or(Param::Null, Param::Text)
    }
}

impl From<Vec<u8>> for Param {
    fn from(v: Vec<u8>) -> Param {
        Param::Ints(v.into_iter().map(i64::from).collect())
    }
}

impl From<Failure> for Param {
    fn from(v: Failure) -> Param {
        Param::Cause(Box::new(v))
    }
}

impl PartialEq<&str> for Param {
    fn eq(&self, other: &&str) -> bool {
        matches!(self, Param::Text(t) if t == other)
    }
}

impl PartialEq<i64> for Param {
    fn eq(&self, other: &i64) -> bool {
        matches!(self, Param::Int(v) if v == other)
    }
}

impl Param {
    fn to_js(&self) -> JsValue {
        match self {
            Param::Null => JsValue::NULL,
            #[allow(clippy::cast_precision_loss)]
            Param::Int(v) => JsValue::from_f64(*v as f64),
            Param::Text(t) => JsValue::from_str(t),
            Param::Ints(v) => v
                .iter()
                .map(|&x| {
                    #[allow(clippy::cast_precision_loss)]
                    JsValue::from_f64(x as f64)
                })
                .collect::<js_sys::Array>()
                .into(),
            Param::Cause(f) => {
                let obj = js_sys::Object::new();
                set(&obj, "kind", &JsValue::from_str(f.kind));
                set(&obj, "params", &f.params_js());
                set(&obj, "message", &JsValue::from_str(&f.message));
                obj.into()
            }
        }
    }
}

/// Sets a property of a fresh plain object, which cannot fail.
fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), value);
}

/// An error on its way to JavaScript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// One of [`KINDS`].
    pub kind: &'static str,
    /// The engine's English message.
    pub message: String,
    /// The kind's parameters, in order.
    pub params: Vec<(&'static str, Param)>,
    /// For a link that fails at a turn: the valid turns before it, as a
    /// record's text.
    pub valid_record: Option<String>,
}

static NULL: Param = Param::Null;

impl std::ops::Index<&str> for Failure {
    type Output = Param;

    /// The parameter named `key` (`Null` when there is none).
    fn index(&self, key: &str) -> &Param {
        self.params
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(&NULL, |(_, v)| v)
    }
}

impl Failure {
    /// A failure of `kind` with no parameters.
    #[must_use]
    pub fn new(kind: &'static str, message: impl Into<String>) -> Failure {
        debug_assert!(KINDS.contains(&kind), "unlisted kind {kind}");
        Failure {
            kind,
            message: message.into(),
            params: Vec::new(),
            valid_record: None,
        }
    }

    /// Adds a parameter.
    #[must_use]
    pub fn with(mut self, key: &'static str, value: impl Into<Param>) -> Failure {
        self.params.push((key, value.into()));
        self
    }

    /// The nested error, if any.
    #[must_use]
    pub fn cause(&self) -> Option<&Failure> {
        match &self["cause"] {
            Param::Cause(f) => Some(f),
            _ => None,
        }
    }

    fn params_js(&self) -> JsValue {
        let obj: JsValue = js_sys::Object::new().into();
        for (key, value) in &self.params {
            set(&obj, key, &value.to_js());
        }
        obj
    }

    /// The JavaScript `Error` (name `DiabloError`) carrying kind and params.
    #[must_use]
    pub fn into_js(self) -> JsValue {
        let err = js_sys::Error::new(&self.message);
        err.set_name("DiabloError");
        let err: JsValue = err.into();
        set(&err, "kind", &JsValue::from_str(self.kind));
        set(&err, "params", &self.params_js());
        if let Some(valid) = &self.valid_record {
            set(&err, "validRecord", &JsValue::from_str(valid));
        }
        err
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<Failure> for JsValue {
    fn from(f: Failure) -> JsValue {
        f.into_js()
    }
}

/// A colour as it crosses to JavaScript (`black`, `green`).
fn name_of(color: Color) -> Param {
    color.id().into()
}

impl From<IllegalReason> for Failure {
    fn from(r: IllegalReason) -> Failure {
        use IllegalReason as R;
        let message = r.to_string();
        let f = |kind| Failure::new(kind, message.clone());
        match r {
            R::OffBoard(sq) => f("off-board").with("square", sq.to_string()),
            R::EmptySquare(sq) => f("empty-square").with("square", sq.to_string()),
            R::NotYourStack(sq) => f("not-your-stack").with("square", sq.to_string()),
            R::NotStraight => f("not-straight"),
            R::WrongDistance { distance, unused } => f("wrong-distance")
                .with("distance", distance)
                .with("unused", unused),
            R::TallerEnemy { enemy, mover } => {
                f("taller-enemy").with("enemy", enemy).with("mover", mover)
            }
            R::SecondStep => f("second-step"),
            R::StepAfterIndividual => f("step-after-individual"),
            R::StepWithoutCompletion => f("step-without-completion"),
            R::BalancingStep => f("balancing-step"),
            R::NotCompleting(sq) => f("not-completing").with("square", sq.to_string()),
            R::RemovalWhileMoveExists(m) => {
                f("removal-while-move-exists").with("move", m.to_string())
            }
            R::MoveAfterRemoval => f("move-after-removal"),
            R::NotTallest { height, tallest } => f("not-tallest")
                .with("height", height)
                .with("tallest", tallest),
            R::BalancingSingleAction => f("balancing-single-action"),
            R::GameEnded => f("game-ended"),
            R::TurnOver => f("turn-over"),
            R::Incomplete(a) => f("incomplete").with("example", a.to_string()),
            R::NotLegalHere => f("not-legal-here"),
        }
    }
}

impl From<RollError> for Failure {
    fn from(e: RollError) -> Failure {
        Failure::new("die-too-big", e.to_string())
            .with("die", e.die)
            .with("faces", e.size / 2)
    }
}

impl From<PlayError> for Failure {
    fn from(e: PlayError) -> Failure {
        let message = e.to_string();
        let mut out = match e {
            PlayError::Roll(r) => Failure::from(r),
            PlayError::GameOver { winner } => {
                Failure::new("game-over", "").with("winner", name_of(winner))
            }
            PlayError::Illegal {
                index,
                action,
                reason,
            } => Failure::from(reason)
                .with("index", index)
                .with("action", action.map(|a| a.to_string())),
        };
        out.message = message;
        out
    }
}

impl From<SizeError> for Failure {
    fn from(e: SizeError) -> Failure {
        Failure::new("bad-size", e.to_string()).with("size", e.0)
    }
}

impl From<ParseEditionError> for Failure {
    fn from(e: ParseEditionError) -> Failure {
        Failure::new("bad-edition", e.to_string()).with("text", e.0.clone())
    }
}

impl From<ParseRollError> for Failure {
    fn from(e: ParseRollError) -> Failure {
        Failure::new("bad-roll", e.to_string()).with("text", e.0.clone())
    }
}

impl From<ParseSquareError> for Failure {
    fn from(e: ParseSquareError) -> Failure {
        Failure::new("bad-square", e.to_string()).with("text", e.0.clone())
    }
}

impl From<ParseActionError> for Failure {
    fn from(e: ParseActionError) -> Failure {
        let message = e.to_string();
        match e {
            ParseActionError::Square(s) => Failure {
                message,
                ..Failure::from(s)
            },
            ParseActionError::Shape(text) => Failure::new("bad-action", message).with("text", text),
            ParseActionError::EmptyTurn => Failure::new("empty-turn", message),
            ParseActionError::TooManyActions(n) => {
                Failure::new("too-many-actions", message).with("count", n)
            }
        }
    }
}

impl From<ParsePositionError> for Failure {
    fn from(e: ParsePositionError) -> Failure {
        use ParsePositionError as E;
        let message = e.to_string();
        let f = |kind| Failure::new(kind, message.clone());
        match e {
            E::Fields(n) => f("position-fields").with("count", n),
            E::Size(n) => f("position-size").with("ranks", n),
            E::RankLength {
                rank,
                found,
                expected,
            } => f("position-rank-length")
                .with("rank", rank)
                .with("found", found)
                .with("expected", expected),
            E::Token { rank, token } => f("position-token").with("rank", rank).with("token", token),
            E::ZeroHeight { rank, token } => f("position-zero-height")
                .with("rank", rank)
                .with("token", token),
            E::Side(text) => f("position-side").with("text", text),
            E::Turn(text) => f("position-turn").with("text", text),
            // The code's own wording; no square, as the code names none.
            E::Setup(s) => board_refusal(s, message),
        }
    }
}

/// A set-up's refusals cross as its position code's would (`bad-size` for
/// the side, as everywhere a size crosses as a number), with the set-up's
/// message, so the page words them alike; `position-too-many` also names
/// the `square` where the count passed the limit.
impl From<SetupError> for Failure {
    fn from(e: SetupError) -> Failure {
        let message = format!("{e}");
        match e {
            SetupError::TooManyCheckers { square, .. } => {
                board_refusal(e, message).with("square", square.to_string())
            }
            _ => board_refusal(e, message),
        }
    }
}

/// A board that is no position, by the same kinds whether it came as a
/// position code or a set-up, with `message`.
fn board_refusal(e: SetupError, message: String) -> Failure {
    use SetupError as E;
    let f = |kind| Failure::new(kind, message.clone());
    match e {
        // The same words: a set-up's size refusal is the size's own.
        E::Size(s) => s.into(),
        E::Cells { found, expected } => f("setup-cells")
            .with("found", found)
            .with("expected", expected),
        E::TooManyCheckers {
            color, count, max, ..
        } => f("position-too-many")
            .with("color", name_of(color))
            .with("count", count)
            .with("max", max),
        E::EmptyBoard => f("position-empty"),
        // A turn number crosses as the text a code writes for it.
        E::Turn(turn) => f("position-turn").with("text", format!("{turn}")),
        E::SideTurnMismatch { side, turn } => f("position-side-turn")
            .with("side", name_of(side))
            .with("turn", turn),
    }
}

impl From<RecordError> for Failure {
    fn from(e: RecordError) -> Failure {
        use RecordErrorKind as K;
        let message = e.to_string();
        // The cause's own words: the message after "line N: ".
        let detail = message
            .split_once(": ")
            .map_or(message.as_str(), |(_, d)| d)
            .to_string();
        let mut cause = match e.kind {
            K::MissingHeader(h) => Failure::new("missing-header", "").with("header", h),
            K::DuplicateHeader(h) => Failure::new("duplicate-header", "").with("header", h),
            K::HeaderAfterTurns => Failure::new("header-after-turns", ""),
            K::Edition(x) => x.into(),
            K::SizeNumber(text) => Failure::new("bad-size-number", "").with("text", text),
            K::Size(x) => x.into(),
            K::Position(x) => x.into(),
            K::StartSize { header, start } => Failure::new("start-size", "")
                .with("header", header)
                .with("start", start),
            K::Line(text) => Failure::new("bad-line", "").with("text", text),
            K::Roll(x) => x.into(),
            K::Turn(x) => x.into(),
            K::Play(x) => x.into(),
        };
        if cause.message.is_empty() {
            cause.message = detail;
        }
        Failure::new("record", message)
            .with("line", e.line)
            .with("cause", cause)
    }
}

impl From<TurnError> for Failure {
    fn from(e: TurnError) -> Failure {
        match e {
            TurnError::Play(p) => p.into(),
            TurnError::Text(r) => r.into(),
        }
    }
}

impl From<LinkError> for Failure {
    fn from(e: LinkError) -> Failure {
        use LinkError as E;
        let message = e.to_string();
        let f = |kind| Failure::new(kind, message.clone());
        match e {
            E::Empty => f("link-empty"),
            E::UnknownVersion(c) => f("link-version").with("found", c.to_string()),
            E::BadCharacter { position, found } => f("link-character")
                .with("position", position)
                .with("found", found.to_string()),
            E::Truncated(field) => f("link-truncated").with("field", field),
            E::Checksum => f("link-checksum"),
            E::Malformed(what) => f("link-malformed").with("what", what),
            E::BadSize(n) => f("link-size").with("size", n),
            E::BadEdition(v) => f("link-edition").with("value", v),
            E::BadStart(p) => f("link-start").with("cause", Failure::from(p)),
            E::BadTurn {
                number,
                reason,
                valid,
            } => {
                let mut out = f("link-turn")
                    .with("number", number)
                    .with("validTurns", valid.turns().len())
                    .with("cause", Failure::from(reason));
                out.valid_record = Some(valid.to_string());
                out
            }
            E::Trailing => f("link-trailing"),
            E::ViewOutOfRange { view, turns } => {
                f("link-view").with("view", view).with("turns", turns)
            }
            E::BadParameter(p) => f("link-parameter").with("text", p),
            E::BadEscape(at) => f("link-escape").with("position", at),
            E::NotUtf8 => f("link-utf8"),
            E::Record(r) => f("link-record").with("cause", Failure::from(r)),
        }
    }
}

/// Every kind of error the engine can send to the page, so the page can
/// check that it words each one (see `web/errors.js`).
#[wasm_bindgen(js_name = errorKinds, unchecked_return_type = "string[]")]
#[must_use]
pub fn error_kinds() -> Vec<JsValue> {
    // JavaScript strings made here: the page gets the same array as from a
    // `Vec<String>`, whose conversion costs the game module ~300 bytes gzip.
    KINDS.iter().map(|k| JsValue::from_str(k)).collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use diablo_core::{Edition, Position, Record, Roll, TurnBuilder, link};

    fn kinds_of(f: &Failure) -> Vec<&str> {
        let mut out = vec![f.kind];
        let mut cause = f.cause();
        while let Some(c) = cause {
            out.push(c.kind);
            cause = c.cause();
        }
        out
    }

    #[test]
    fn rule_refusals_carry_kind_action_and_squares_in_notation() {
        let pos = Position::start(4).unwrap();
        let mut b = TurnBuilder::new(&pos, Edition::Standard, Roll::new(2, 1).unwrap()).unwrap();
        let e: Failure = b.play("a2-a4".parse().unwrap()).unwrap_err().into();
        assert_eq!(e.kind, "not-your-stack");
        assert_eq!(e["square"], "a2");
        assert_eq!(e["action"], "a2-a4");
        assert_eq!(e["index"], 0);
        assert_eq!(
            e.message,
            "illegal first action a2-a4: the stack on a2 is not yours"
        );
        let e: Failure = b.play("a1-b2".parse().unwrap()).unwrap_err().into();
        assert_eq!(e.kind, "not-straight");
        let e: Failure = b.play("a1-d1".parse().unwrap()).unwrap_err().into();
        assert_eq!(e.kind, "wrong-distance");
        assert_eq!(e["distance"], 3);
        assert_eq!(e["unused"], Param::Ints(vec![2, 1]));
    }

    #[test]
    fn record_errors_nest_their_cause_with_the_line() {
        let e: Failure = "edition standard\nsize 4\n2,1: a1-a4\n"
            .parse::<Record>()
            .unwrap_err()
            .into();
        assert_eq!(kinds_of(&e), ["record", "wrong-distance"]);
        assert_eq!(e["line"], 3);
        assert!(e.message.starts_with("line 3:"), "{}", e.message);
        let e: Failure = "edition fancy\nsize 4\n"
            .parse::<Record>()
            .unwrap_err()
            .into();
        assert_eq!(kinds_of(&e), ["record", "bad-edition"]);
        let e: Failure = "edition standard\nsize 4\nstart gbgb/bgxg/gbgb/bgbg b 1\n"
            .parse::<Record>()
            .unwrap_err()
            .into();
        assert_eq!(kinds_of(&e), ["record", "position-token"]);
    }

    #[test]
    fn link_errors_keep_the_valid_prefix() {
        let text = "record=edition%20standard%0Asize%204%0A2,1:%20a1-a2%0A1,1:%20b2-b3%0A";
        let e: Failure = link::decode(text).unwrap_err().into();
        assert_eq!(kinds_of(&e), ["link-turn", "record", "not-your-stack"]);
        assert_eq!(e["number"], 2);
        assert_eq!(e["validTurns"], 1);
        assert_eq!(
            e.valid_record.as_deref(),
            Some("edition standard\nsize 4\n2,1: a1-a2\n")
        );
        let e: Failure = link::decode("").unwrap_err().into();
        assert_eq!(e.kind, "link-empty");
        let e: Failure = link::decode("7abc").unwrap_err().into();
        assert_eq!(e.kind, "link-version");
        assert_eq!(e["found"], "7");
    }

    #[test]
    fn every_kind_is_listed_once() {
        let mut seen = std::collections::HashSet::new();
        for k in KINDS {
            assert!(seen.insert(k), "{k} listed twice");
            assert!(
                k.bytes()
                    .all(|c| c.is_ascii_lowercase() || c == b'-' || c.is_ascii_digit()),
                "{k}"
            );
        }
    }
}
