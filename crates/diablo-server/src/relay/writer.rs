//! Relay first, then keep: the rooms hand each state of a game to the
//! writer and go on; the writer keeps them in the archive behind them.
//!
//! One task writes, one batch at a time: everything handed over while the
//! last batch was being written goes in the next, so a quiet server writes
//! each link at once and a busy one writes many in one transaction
//! ([`Archive::write`]). A game waiting to be written is one entry however
//! many of its links came meanwhile: its latest state and every link
//! since what the archive holds (each as what it added, [`Delta`]), in
//! order. One game is never in two batches at once, so its writes land in
//! order.
//!
//! Ends are written each in its own transaction (their ratings lock the
//! players' rows) and announced only once kept ([`Room::kept`]). A write
//! that fails is parked, later links of the game joining it, and tried
//! again at each sweep ([`Writer::retry`]); its room is held meanwhile. A
//! conflict (another instance moved the game on) makes the room forget
//! its game and read it again.
//!
//! What a crash of the process loses: the links relayed and not yet
//! written (the batch being written, a few milliseconds of links; while
//! the database is down, everything since), with their clocks. Both
//! browsers hold those links and send them again when they reconnect;
//! every link proves itself, so the room rebuilt from the older state
//! takes them as it took them the first time. A game's first write (its
//! seats and terms) and its end are awaited before the lobby or the
//! players are told, so a crash never loses who plays or who won.

use super::archive::{Archive, Delta, Kept, Saved, Step, Write};
use super::limits::Budget;
use super::lock;
use super::room::Room;
use super::{Push, Pushes};
use crate::keys::Key;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::{Notify, oneshot, watch};

/// Games written in one transaction, at most.
const BATCH: usize = 256;

/// A state of a room's game to keep.
pub(super) struct Job {
    pub(super) room: Weak<Room>,
    pub(super) saved: Saved,
    /// The link the archive holds (at `saved.stored` messages), as this
    /// room last handed it over or read it.
    pub(super) prev: Option<Arc<str>>,
    /// Told once this state (or a later one of the game) is kept.
    pub(super) done: Option<oneshot::Sender<Kept>>,
}

/// A game waiting to be written: its latest state and the links since
/// what the archive holds.
struct Pending {
    room: Weak<Room>,
    write: Write,
    /// Jobs merged into this entry.
    jobs: usize,
    done: Vec<oneshot::Sender<Kept>>,
}

impl Pending {
    fn of(job: Job) -> Pending {
        let mut p = Pending {
            room: job.room.clone(),
            write: Write {
                saved: job.saved.clone(),
                steps: Vec::new(),
            },
            jobs: 0,
            done: Vec::new(),
        };
        p.join(job);
        p
    }

    /// Adds `job`, a later state of the same game: the latest state is
    /// written over what the archive held before the first.
    fn join(&mut self, job: Job) {
        let base = self.write.saved.stored;
        let last = self
            .write
            .steps
            .last()
            .map_or(self.write.saved.stored, |s| s.messages);
        let saved = job.saved;
        if saved.messages > last && saved.messages >= 2 {
            let delta = match &job.prev {
                // The first write holds the whole link.
                _ if saved.stored == 0 => None,
                Some(prev) if saved.stored == last => Some(Delta::between(prev, &saved.link)),
                // A chain broken (a room read again): the whole link.
                _ => None,
            };
            self.write.steps.push(Step {
                messages: saved.messages,
                at_ms: saved.at_ms,
                clock: saved.clock,
                delta,
            });
        }
        self.write.saved = saved;
        self.write.saved.stored = base;
        self.room = job.room;
        self.jobs += 1;
        self.done.extend(job.done);
    }

    /// Adds `later`, the game's entry that came while this one was written.
    fn append(&mut self, later: Pending) {
        let base = self.write.saved.stored;
        self.write.saved = later.write.saved;
        self.write.saved.stored = base;
        self.write.steps.extend(later.write.steps);
        self.room = later.room;
        self.jobs += later.jobs;
        self.done.extend(later.done);
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.wake.notify_one();
    }
}

#[derive(Default)]
struct Queue {
    order: VecDeque<String>,
    pending: HashMap<String, Pending>,
    /// Writes that failed, by game, to be tried again.
    parked: HashMap<String, Pending>,
    /// Games in the batch being written.
    writing: usize,
}

/// The writer's side the relay holds.
pub(super) struct Writer {
    queue: Mutex<Queue>,
    wake: Arc<Notify>,
    /// Games handed over and not yet written or parked.
    outstanding: watch::Sender<usize>,
    /// Where the pushes of each state kept go (docs/push.md), once set.
    pushes: std::sync::OnceLock<Arc<dyn Pushes>>,
}

impl Writer {
    pub(super) fn new() -> Writer {
        Writer {
            queue: Mutex::new(Queue::default()),
            wake: Arc::new(Notify::new()),
            outstanding: watch::channel(0).0,
            pushes: std::sync::OnceLock::new(),
        }
    }

    /// Sends the pushes of every state kept from now on to `pushes` (the
    /// first one set stays).
    pub(super) fn set_pushes(&self, pushes: Arc<dyn Pushes>) {
        let _ = self.pushes.set(pushes);
    }

    /// Sends `push` to `key`'s devices now (a push that waits for no
    /// write: the time running out), when pushes are set.
    pub(super) fn push_now(&self, key: &Key, push: Push) {
        if let Some(pushes) = self.pushes.get() {
            pushes.push(key, push);
        }
    }

    fn count(&self, q: &Queue) {
        self.outstanding.send_replace(q.pending.len() + q.writing);
    }

    /// What wakes the writing task.
    pub(super) fn waker(&self) -> Arc<Notify> {
        self.wake.clone()
    }

    /// Hands `job` over: written with the game's next batch.
    pub(super) fn push(&self, job: Job) {
        let mut q = lock(&self.queue);
        let game = job.saved.game.clone();
        if let Some(p) = q.parked.get_mut(&game) {
            p.join(job);
            return;
        }
        if let Some(p) = q.pending.get_mut(&game) {
            p.join(job);
        } else {
            q.order.push_back(game.clone());
            q.pending.insert(game, Pending::of(job));
        }
        self.count(&q);
        drop(q);
        self.wake.notify_one();
    }

    /// Hands every parked write over again; returns how many there were.
    pub(super) fn retry(&self) -> usize {
        let mut q = lock(&self.queue);
        let parked: Vec<(String, Pending)> = q.parked.drain().collect();
        let n = parked.len();
        for (game, mut p) in parked {
            if let Some(later) = q.pending.remove(&game) {
                p.append(later);
            } else {
                q.order.push_back(game.clone());
            }
            q.pending.insert(game, p);
        }
        self.count(&q);
        drop(q);
        self.wake.notify_one();
        n
    }

    /// Writes that failed and wait for [`Writer::retry`].
    pub(super) fn parked(&self) -> usize {
        lock(&self.queue).parked.len()
    }

    /// Completes once everything handed over is written or parked.
    pub(super) async fn flushed(&self) {
        let mut rx = self.outstanding.subscribe();
        // `self` holds the sender.
        let _ = rx.wait_for(|&n| n == 0).await;
    }

    fn next_batch(&self) -> Vec<(String, Pending)> {
        let mut q = lock(&self.queue);
        let mut batch = Vec::new();
        while batch.len() < BATCH {
            let Some(game) = q.order.pop_front() else {
                break;
            };
            if let Some(p) = q.pending.remove(&game) {
                batch.push((game, p));
            }
        }
        q.writing = batch.len();
        self.count(&q);
        batch
    }

    fn done(&self, game: String, p: Pending, kept: anyhow::Result<Kept>, memory: &Budget) {
        let room = p.room.upgrade();
        match kept {
            Ok(kept) => {
                if let Some(room) = &room {
                    if kept == Kept::Conflict {
                        tracing::warn!(
                            game,
                            "the archive holds another state of the game: reading it again"
                        );
                        room.forget(memory);
                    } else {
                        room.kept(&p.write.saved, p.jobs);
                        if let Some(pushes) = self.pushes.get() {
                            // The game's first write inserted its row.
                            let first = p.write.saved.stored == 0;
                            for (key, push) in room.pushes_after(&p.write.saved, first) {
                                pushes.push(&key, push);
                            }
                        }
                    }
                }
                for d in p.done {
                    let _ = d.send(kept);
                }
            }
            Err(e) => {
                tracing::warn!(game, "the archive did not save the game: {e:#}");
                if let Some(room) = &room {
                    room.unsaved();
                }
                let mut q = lock(&self.queue);
                let mut p = p;
                // Later links wait behind this one.
                if let Some(later) = q.pending.remove(&game) {
                    q.order.retain(|g| *g != game);
                    p.append(later);
                }
                let waiting = std::mem::take(&mut p.done);
                q.parked.insert(game, p);
                drop(q);
                for d in waiting {
                    let _ = d.send(Kept::Unbegun);
                }
            }
        }
    }

    /// Writes forever, until the relay is gone.
    pub(super) async fn run(
        this: Weak<Writer>,
        wake: Arc<Notify>,
        archive: Arc<dyn Archive>,
        memory: Arc<Budget>,
    ) {
        loop {
            let Some(w) = this.upgrade() else { return };
            let batch = w.next_batch();
            if batch.is_empty() {
                let woken = wake.notified();
                tokio::pin!(woken);
                woken.as_mut().enable();
                let idle = lock(&w.queue).order.is_empty();
                // Dropped while waiting, the writer wakes the task to end.
                drop(w);
                if idle {
                    woken.await;
                }
                continue;
            }
            let (ends, moves): (Vec<_>, Vec<_>) = batch
                .into_iter()
                .partition(|(_, p)| p.write.saved.over.is_some());
            if !moves.is_empty() {
                let writes: Vec<Write> = moves.iter().map(|(_, p)| p.write.clone()).collect();
                match archive.write(&writes).await {
                    Ok(kept) if kept.len() == moves.len() => {
                        for ((game, p), k) in moves.into_iter().zip(kept) {
                            w.done(game, p, Ok(k), &memory);
                        }
                    }
                    Ok(_) => {
                        for (game, p) in moves {
                            w.done(
                                game,
                                p,
                                Err(anyhow::anyhow!("a batch half answered")),
                                &memory,
                            );
                        }
                    }
                    Err(e) => {
                        for (game, p) in moves {
                            w.done(game, p, Err(anyhow::anyhow!("{e:#}")), &memory);
                        }
                    }
                }
            }
            for (game, p) in ends {
                let kept = archive
                    .write(std::slice::from_ref(&p.write))
                    .await
                    .and_then(|k| {
                        k.first()
                            .copied()
                            .ok_or_else(|| anyhow::anyhow!("a write not answered"))
                    });
                w.done(game, p, kept, &memory);
            }
            let mut q = lock(&w.queue);
            q.writing = 0;
            w.count(&q);
        }
    }
}
