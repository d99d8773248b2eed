"""The preset dictionary a table's record is compressed with (`compressed.py`).

Zstandard primes its window with these bytes, so the names and shapes every record repeats
(its field names, a seat, a hand's arrays) cost a few bits each rather than their letters: a
busy 6-max table's record goes from about 2.8 KB of JSON to about 580 bytes, where zlib alone
made 1.2 KB. They are two records of a 6-max cash table, one between hands and one mid-hand,
with their seeds and roots blanked.

Never edit it: a record compressed with it says so by its first byte
(`compressed.DICTIONARY_1`), and one compressed with other bytes cannot be read. A better one
is added beside it, under a first byte of its own, and this one kept for the records stored.
"""

from __future__ import annotations

RECORD_DICTIONARY_1 = (
    b'{"schema":1,"host":"u28-0","created_at":1700000000.0,"cash":{"schema":1,"settings":{"sea'
    b't_count":6,"action_seconds":600},"pending_settings":null,"seats":[{"player_id":"u28-0","'
    b'name":"P0","stack":80,"new":false},{"player_id":"u28-1","name":"P1","stack":0,"status":"'
    b'busted","new":false},{"player_id":"u28-2","name":"P2","stack":0,"status":"busted","new":'
    b'false},{"player_id":"u28-3","name":"P3","stack":242,"new":false},{"player_id":"u28-4","n'
    b'ame":"P4","stack":80,"new":false},{"player_id":"u28-5","name":"P5","stack":78,"new":fals'
    b'e}],"tournament":false,"opened_at":1700000000.0,"hand_number":1,"button":0,"small_blind"'
    b':1,"big_blind":2,"hand":null,"hand_seats":[1,2,3,4,5,0],"ledger":{"rows":[{"player_id":"'
    b'u28-0","name":"P0","bought_in":80},{"player_id":"u28-1","name":"P1","bought_in":80},{"pl'
    b'ayer_id":"u28-2","name":"P2","bought_in":80},{"player_id":"u28-3","name":"P3","bought_in'
    b'":80},{"player_id":"u28-4","name":"P4","bought_in":80},{"player_id":"u28-5","name":"P5",'
    b'"bought_in":80}],"first_hand":1}},"tournament":null,"started":true,"deck":null,"next_dec'
    b'k":{"hand":2,"seed":"","root":""},"clocks":{"u28-0":{"time_bank":60.0},"u28-1":{"time_ba'
    b'nk":60.0},"u28-2":{"time_bank":60.0},"u28-3":{"time_bank":60.0},"u28-4":{"time_bank":60.'
    b'0},"u28-5":{"time_bank":60.0}},"wake":{"at":1700000001.0,"purpose":"next_hand"},"paused"'
    b':false,"cohosts":[],"arrivals":["u28-0","u28-1","u28-2","u28-3","u28-4","u28-5"],"seatin'
    b'g":{},"runs_vote":null,"after":{"number":1,"hand":{"schema":1,"config":{"starting_stacks'
    b'":[80,80,80,80,80,80],"blinds_or_straddles":[1,2,0,0,0,0],"live_posts":[0,0,0,0,0,0],"de'
    b'ad":[0,0,0,0,0,0],"min_bet":2,"names":["P1","P2","P3","P4","P5","P0"]},"deck":[51,31,10,'
    b"23,5,37,22,42,18,50,32,39,33,9,3,26,29,25,34,19,48,4,16,49,44,35,13,11,15,41,6,24,36,8,0"
    b',30,47,45,17,38,12,7,2,1,43,40,27,46,28,20,14,21],"dealt":20,"holes":[[51,22],[31,42],[1'
    b'0,18],[23,50],[5,32],[37,39]],"board":[9,3,26,25,19],"burned":[33,29,34],"stacks":[0,0,2'
    b'42,80,78,80],"bets":[0,0,0,0,0,0],"contributed":[80,80,80,0,2,0],"dead_money":0,"folded"'
    b':[false,false,false,true,true,true],"all_in":[true,true,true,false,false,false],"street"'
    b':3,"phase":2,"actor":-1,"round":{"level":80,"raise_size":78,"aggressor":0,"acted":[true,'
    b'true,true,true,true,true],"acted_level":[80,80,80,0,2,0]},"showdown_order":[0,1,2],"show'
    b'down_next":3,"shown":[true,true,true,false,false,false],"mucked":[false,false,false,fals'
    b'e,false,false],"won":[0,0,242,0,0,0],"manual_showdown":false,"runs":1,"second_board":[],'
    b'"actions":["d dh p1 As7h","d dh p2 9sQh","d dh p3 4h6h","d dh p4 7sAh","d dh p5 3dTc","d'
    b' dh p6 JdJs","p3 cc","p4 f","p5 cc","p6 f","p1 cbr 80","p2 cc","p3 cc","p5 f","p1 sm As7'
    b'h","p2 sm 9sQh","p3 sm 4h6h","d db 4d2s8h","d db 8d","d db 6s"],"sequence":11},"players"'
    b':["u28-1","u28-2","u28-3","u28-4","u28-5","u28-0"],"secret":{"hand":1,"seed":"","root":"'
    b'","cut":true}}}{"schema":1,"host":"u0-0","created_at":1700000000.0,"cash":{"schema":1,"s'
    b'ettings":{"seat_count":6,"action_seconds":600},"pending_settings":null,"seats":[{"player'
    b'_id":"u0-0","name":"P0","stack":80,"new":false},{"player_id":"u0-1","name":"P1","stack":'
    b'80,"new":false},{"player_id":"u0-2","name":"P2","stack":80,"new":false},{"player_id":"u0'
    b'-3","name":"P3","stack":80,"new":false},{"player_id":"u0-4","name":"P4","stack":80,"new"'
    b':false},{"player_id":"u0-5","name":"P5","stack":80,"new":false}],"tournament":false,"ope'
    b'ned_at":1700000000.0,"hand_number":1,"button":3,"small_blind":4,"big_blind":5,"hand":{"s'
    b'chema":1,"config":{"starting_stacks":[80,80,80,80,80,80],"blinds_or_straddles":[1,2,0,0,'
    b'0,0],"live_posts":[0,0,0,0,0,0],"dead":[0,0,0,0,0,0],"min_bet":2,"names":["P4","P5","P0"'
    b',"P1","P2","P3"]},"deck":[37,15,30,48,25,16,5,39,6,14,2,3,0,38,22,9,20,45,28,50,35,46,11'
    b',26,21,33,12,43,4,32,44,51,47,29,40,49,31,36,23,34,24,42,41,18,7,27,13,8,19,1,17,10],"de'
    b'alt":12,"holes":[[37,5],[15,39],[30,6],[48,14],[25,2],[16,3]],"board":[],"burned":[],"st'
    b'acks":[79,78,78,80,80,80],"bets":[1,2,2,0,0,0],"contributed":[1,2,2,0,0,0],"dead_money":'
    b'0,"folded":[false,false,false,false,false,false],"all_in":[false,false,false,false,false'
    b',false],"street":0,"phase":0,"actor":3,"round":{"level":2,"raise_size":2,"acted":[false,'
    b'false,true,false,false,false],"acted_level":[0,0,2,0,0,0]},"showdown_order":[],"showdown'
    b'_next":0,"shown":[false,false,false,false,false,false],"mucked":[false,false,false,false'
    b',false,false],"won":[0,0,0,0,0,0],"manual_showdown":false,"runs":1,"second_board":[],"ac'
    b'tions":["d dh p1 Jd3d","d dh p2 5sJs","d dh p3 9h3h","d dh p4 Ac5h","d dh p5 8d2h","d dh'
    b' p6 6c2s","p3 cc"],"sequence":1},"hand_seats":[4,5,0,1,2,3],"ledger":{"rows":[{"player_i'
    b'd":"u0-0","name":"P0","bought_in":80},{"player_id":"u0-1","name":"P1","bought_in":80},{"'
    b'player_id":"u0-2","name":"P2","bought_in":80},{"player_id":"u0-3","name":"P3","bought_in'
    b'":80},{"player_id":"u0-4","name":"P4","bought_in":80},{"player_id":"u0-5","name":"P5","b'
    b'ought_in":80}],"first_hand":1}},"tournament":null,"started":true,"deck":{"hand":1,"seed"'
    b':"","root":"","cut":true},"next_deck":{"hand":2,"seed":"","root":""},"clocks":{"u0-0":{"'
    b'time_bank":60.0},"u0-1":{"time_bank":60.0},"u0-2":{"time_bank":60.0},"u0-3":{"time_bank"'
    b':60.0},"u0-4":{"time_bank":60.0},"u0-5":{"time_bank":60.0}},"wake":{"at":1700000600.0,"p'
    b'urpose":"turn","token":[1,1],"player":"u0-1"},"paused":false,"cohosts":[],"arrivals":["u'
    b'0-0","u0-1","u0-2","u0-3","u0-4","u0-5"],"seating":{},"runs_vote":null,"after":null}'
)
