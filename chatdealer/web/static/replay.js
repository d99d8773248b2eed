// The hand replayer: walks the steps the page was given; the server chose every card shown.
(function () {
  "use strict";
  const hand = JSON.parse(document.getElementById("hand").textContent);
  const seats = document.getElementById("seats");
  const board = document.getElementById("board");
  const board2 = document.getElementById("board2");
  const won = [document.getElementById("won1"), document.getElementById("won2")];
  const pot = document.getElementById("pot");
  const said = document.getElementById("said");
  const where = document.getElementById("where");
  let at = 0;

  function card(text) {
    const span = document.createElement("span");
    span.className = "card" + (/[♥♦]/.test(text) ? " red" : "");
    span.textContent = text;
    return span;
  }

  function draw() {
    const step = hand.steps[at];
    board.replaceChildren(...step.board.map(card));
    board2.replaceChildren(...step.board2.map(card));  // a board run twice: the second run
    board2.hidden = step.board2.length === 0;
    won.forEach(function (list, run) {  // under each run's board, the pots it has paid
      const paid = step.won[run] || [];
      list.replaceChildren(...paid.map(function (text) {
        const line = document.createElement("li");
        line.textContent = text;
        return line;
      }));
      list.hidden = paid.length === 0;
    });
    pot.textContent = step.pot;
    said.textContent = step.text;
    where.textContent = (at + 1) + " / " + hand.steps.length;
    seats.replaceChildren(...hand.seats.map(function (seat, index) {
      const li = document.createElement("li");
      li.className = "seat" + (step.folded[index] ? " folded" : "");
      li.dataset.seat = String(index);
      const name = document.createElement("b");
      name.textContent = seat.position + " " + seat.name;
      const stack = document.createElement("span");
      stack.className = "stack";
      stack.textContent = step.stacks[index];
      const bet = document.createElement("span");
      bet.className = "bet";
      bet.textContent = step.bets[index];
      const cards = document.createElement("span");
      cards.className = "hole";
      const shown = step.cards[index];
      cards.replaceChildren(...(shown ? shown.map(card) : [card("🂠"), card("🂠")]));
      li.append(name, " ", stack, " ", cards, " ", bet);
      return li;
    }));
    document.getElementById("back").disabled = at === 0;
    document.getElementById("next").disabled = at === hand.steps.length - 1;
  }

  document.getElementById("back").addEventListener("click", function () { at = Math.max(0, at - 1); draw(); });
  document.getElementById("next").addEventListener("click", function () { at = Math.min(hand.steps.length - 1, at + 1); draw(); });
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") document.getElementById("next").click();
    if (event.key === "ArrowLeft") document.getElementById("back").click();
  });
  draw();
})();
