"""Experiment (no certificate): the set LP of `octosolve octagion bound --sets` (bound_sets.py) over
R_B, with Hall's condition for the proper letter subsets T of each word added as rows
    p_T y[w] + sum_{S misses T} x_S <= 8      (p_T = the positions of w whose letter is in T),
separated lazily (the rows violated by the LP's solution, up to 3000 a round), with column generation
over R_B between separations. Prints the LP value after each round; the last is LP_B with every
such row. docs/octagion.md reports what it measured; it is not a proof (no certificate is written).

    PYTHONPATH=. python scripts/octagion_set_lp_hall.py WORDS B      (e.g. 300 292)
"""
import itertools
import sys
import time
from collections import Counter

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix, csr_matrix, hstack, vstack

from octosolve.octagion import bound_sets as BS
from octosolve.octagion.wordcards import load_lexicon

N=int(sys.argv[1]); B=int(sys.argv[2])
words=list(load_lexicon()[0][:N])
sets=BS.all_sets(6); wm=BS._word_masks(words); meets=BS._meets(sets,wm)
pool=np.nonzero(meets>B)[0]
nw=N; nb=208
LR=[(wi,ord(c)-65,m) for wi,w in enumerate(words) for c,m in sorted(Counter(w).items())]
# candidate T rows per word: all subsets of its letters of size >= 2 (proper or whole)
def subsets(w):
    cnt=Counter(w); ls=sorted(cnt)
    out=[]
    for r in range(2,len(ls)+1):
        for T in itertools.combinations(ls,r):
            out.append((sum(1<<(ord(c)-65) for c in T), sum(cnt[c] for c in T)))
    return out
SUB=[subsets(w) for w in words]
hall=[]  # (wi, Tmask, p)
def solve(cols):
    nc=len(cols); cm=sets[cols]
    member=((cm[None,:]>>np.arange(26)[:,None])&1).astype(float)
    blocks=[hstack([csr_matrix((1,nb+nw)),csr_matrix(np.ones((1,nc)))])]
    gb=coo_matrix((np.ones(nb),(np.repeat(np.arange(26),8),np.arange(nb))),shape=(26,nb))
    blocks.append(hstack([gb,csr_matrix((26,nw)),csr_matrix(-member)]))
    r=np.arange(26*7); l,k=np.divmod(r,7)
    rb=coo_matrix((np.r_[np.ones(len(r)),-np.ones(len(r))],(np.r_[r,r],np.r_[l*8+k+1,l*8+k])),shape=(len(r),nb))
    blocks.append(hstack([rb,csr_matrix((len(r),nw+nc))]))
    lw,ll,lm=(np.array(a) for a in zip(*LR)); n=len(lw)
    lb=coo_matrix((np.r_[np.ones(n),-np.ones(n)],(np.r_[np.arange(n),np.arange(n)],np.r_[nb+lw,ll*8+lm-1])),shape=(n,nb+nw))
    blocks.append(hstack([lb,csr_matrix((n,nc))]))
    # whole-word miss rows + hall rows
    rowsT=[(wi,int(wm[wi]),8) for wi in range(nw)]+hall
    tw=np.array([t[0] for t in rowsT]); tm=np.array([t[1] for t in rowsT],dtype=np.int64); tp=np.array([t[2] for t in rowsT],float)
    dy=coo_matrix((tp,(np.arange(len(rowsT)),nb+tw)),shape=(len(rowsT),nb+nw))
    miss=((tm[:,None]&cm[None,:])==0).astype(float)
    blocks.append(hstack([dy,csr_matrix(miss)]))
    A=vstack(blocks).tocsr()
    rhs=np.r_[8.0,np.zeros(26+len(r)+n),np.full(len(rowsT),8.0)]
    c=np.zeros(nb+nw+nc); c[nb:nb+nw]=-1
    res=linprog(c,A_ub=A,b_ub=rhs,bounds=[(0,1)]*(nb+nw)+[(0,8)]*nc,method='highs')
    d=np.maximum(-res.ineqlin.marginals,0)
    o=1+26+len(r)+n
    return -res.fun,d[0],d[1:27],d[o:],tm,res.x[nb:nb+nw],res.x[nb+nw:]
cols=list(pool[np.argsort(-meets[pool])[:300]])
t=time.time()
for outer in range(30):
    for rnd in range(40):
        val,mu,gamma,dT,tm,y,x=solve(np.array(cols))
        ps=sets[pool]
        rc=mu-((ps[:,None]>>np.arange(26))&1)@gamma
        nz=dT>1e-12
        rc=rc+(((tm[nz][None,:]&ps[:,None])==0).astype(float)@dT[nz])
        neg=pool[rc<-1e-9]
        new=[s for s in neg[np.argsort(rc[rc<-1e-9])] if s not in set(cols)][:400]
        if not new: break
        cols+=new
    # separation
    cm=sets[np.array(cols)]; used=x>1e-9
    have=set((h[0],h[1]) for h in hall)
    add=[]
    for wi in range(nw):
        if y[wi]<1e-6: continue
        for T,p in SUB[wi]:
            m=x[used][(cm[used]&T)==0].sum()
            if p*y[wi]+m>8+1e-6 and (wi,T) not in have:
                add.append((p*y[wi]+m-8,wi,T,p))
    add.sort(reverse=True)
    print(outer,'LP',round(val,3),'cols',len(cols),'hall rows',len(hall),'violated',len(add),round(time.time()-t,1),flush=True)
    if not add: break
    hall+=[(wi,T,p) for _,wi,T,p in add[:3000]]
